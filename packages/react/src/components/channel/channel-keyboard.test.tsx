import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "./channel";

function seeded(count = 3) {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General", ownerUserId: "kim" });
  const messages = Array.from({ length: count }, (_, i) =>
    makeMessage("general", i + 1, i % 2 === 0 ? "lee" : "kim", `message ${i + 1}`, {
      reactions: { "👍": 1 },
      ...(i === 0 ? { replyCount: 1 } : {}),
    }),
  );
  messages.push(makeMessage("general", count + 1, "kim", "a reply", { parentMessageId: "general-m1" }));
  client.addChannel(channel, { members: [makeMember("kim"), makeMember("lee")], messages });
  return { client, channel };
}

/** The elements Tab reaches inside `root`, in the order the browser would visit them (all tabIndex 0 here). */
function tabStops(root: HTMLElement): HTMLElement[] {
  const focusable = root.querySelectorAll<HTMLElement>("button, a[href], input, [tabindex]");
  return [...focusable].filter((el) => el.tabIndex >= 0 && !el.hasAttribute("disabled"));
}

describe("Channel keyboard use", () => {
  it("moves focus into a thread when it opens, and back to the Reply button when Escape closes it", async () => {
    const { channel, client } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    const first = await within(chat).findByRole("article", { name: "LEE: message 1" });
    const reply = within(first).getByRole("button", { name: "Reply" });

    reply.focus();
    await user.keyboard("{Enter}");
    const thread = await screen.findByRole("complementary", { name: "Thread" });
    expect(thread).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("complementary", { name: "Thread" })).toBeNull();
    expect(reply).toHaveFocus();
  });

  it("gives focus back to the replies link when the thread's Close button closes it", async () => {
    const { channel, client } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    const replies = await within(chat).findByRole("button", { name: "1 reply" });

    await user.click(replies);
    const thread = await screen.findByRole("complementary", { name: "Thread" });
    await user.click(within(thread).getByRole("button", { name: "Close" }));
    expect(replies).toHaveFocus();
  });

  it("closes an open reaction picker on Escape and leaves the thread around it open", async () => {
    const { channel, client } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await user.click(await within(chat).findByRole("button", { name: "1 reply" }));
    const thread = await screen.findByRole("complementary", { name: "Thread" });
    const reply = await within(thread).findByRole("article", { name: "KIM: a reply" });

    await user.click(within(reply).getByRole("button", { name: "Add reaction" }));
    expect(within(reply).getByRole("button", { name: "React with 👍" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(within(reply).queryByRole("button", { name: "React with 👍" })).toBeNull();
    expect(screen.getByRole("complementary", { name: "Thread" })).toBeInTheDocument();
  });

  it("moves focus into the members panel and back to the Members button when Escape closes it", async () => {
    const { channel, client } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const button = await screen.findByRole("button", { name: /Members/ });

    await user.click(button);
    const panel = screen.getByRole("complementary", { name: "Members" });
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("complementary", { name: "Members" })).toBeNull();
    expect(button).toHaveFocus();
  });

  it("keeps the same number of Tab stops in the message list whether it holds 2 messages or 12", async () => {
    const counts: number[] = [];
    for (const count of [2, 12]) {
      const { channel, client } = seeded(count);
      const { unmount } = renderKit(<Channel channel={channel} />, { client });
      const chat = await screen.findByRole("region", { name: "Messages in General" });
      await within(chat).findByText(`message ${count}`);
      counts.push(tabStops(chat).length);
      unmount();
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it("puts one message in the Tab order, with its action bar as a single stop, and moves between messages with the arrow keys", async () => {
    const { channel, client } = seeded(4);
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    const newest = await within(chat).findByRole("article", { name: "KIM: message 4" });
    const articles = within(chat).getAllByRole("article");
    expect(articles.filter((article) => article.tabIndex === 0)).toEqual([newest]);
    // Inside the newest message: its reaction chip and its action bar's current button, nothing more.
    expect(tabStops(newest)).toHaveLength(2);
    const toolbar = within(newest).getByRole("toolbar");
    expect(tabStops(toolbar)).toHaveLength(1);

    newest.focus();
    await user.keyboard("{ArrowUp}");
    const third = within(chat).getByRole("article", { name: "LEE: message 3" });
    expect(third).toHaveFocus();
    expect(third.tabIndex).toBe(0);
    expect(newest.tabIndex).toBe(-1);
    await user.keyboard("{ArrowDown}");
    expect(newest).toHaveFocus();

    // Inside the action bar the arrow keys move from one action to the next.
    within(toolbar).getByRole("button", { name: "Add reaction" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(within(toolbar).getByRole("button", { name: "Reply" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(within(toolbar).getByRole("button", { name: "Delete" })).toHaveFocus();
  });
});

describe("ChannelHeader member count", () => {
  it("follows members joining and leaving while the channel is open", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General", memberCount: 1 });
    client.addChannel(channel, { members: [makeMember("kim", { isOnline: true })] });
    renderKit(<Channel channel={channel} />, { client });
    const subtitle = await screen.findByTestId("channel-subtitle");
    await waitFor(() => expect(subtitle).toHaveTextContent("1 member · 1 online"));

    client.addMember("general", makeMember("lee", { isOnline: true }));
    await waitFor(() => expect(subtitle).toHaveTextContent("2 members · 2 online"));
    expect(screen.getByRole("button", { name: /Members/ })).toHaveTextContent("2");

    client.removeMember("general", "lee");
    await waitFor(() => expect(subtitle).toHaveTextContent("1 member · 1 online"));
  });

  it("reads the count again when the open channel is handed in again from an older list", async () => {
    const client = new FakeClient("kim");
    const stale = makeChannel("general", { name: "General", memberCount: 1 });
    client.addChannel(stale, { members: [makeMember("kim")] });
    const { rerender } = renderKit(<Channel channel={stale} />, { client });
    const subtitle = await screen.findByTestId("channel-subtitle");
    await waitFor(() => expect(subtitle).toHaveTextContent("1 member"));

    // Lee joins while the event is missed (the link was down), and the list still holds the one-member copy.
    const state = (await client.channels.get("general")) ?? stale;
    client.addChannel({ ...state, memberCount: 2 }, { members: [makeMember("kim"), makeMember("lee")] });
    rerender(<Channel channel={{ ...stale }} />);
    await waitFor(() => expect(subtitle).toHaveTextContent("2 members"));
  });

  it("counts the connected viewer as online, so two members who are both online read as 2 online", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General", memberCount: 2 });
    // Presence says nothing of the viewer themself; being connected is what makes them online.
    client.addChannel(channel, { members: [makeMember("kim"), makeMember("lee", { isOnline: true })] });
    renderKit(<Channel channel={channel} />, { client });
    const subtitle = await screen.findByTestId("channel-subtitle");
    await waitFor(() => expect(subtitle).toHaveTextContent("2 members · 2 online"));

    client.connectionState = "closed";
    client.emit("connection", { state: "closed" } as never);
    await waitFor(() => expect(subtitle).toHaveTextContent("2 members · 1 online"));
  });

  it("says the same in Korean: both members online read as 2명 온라인", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General", memberCount: 2 });
    client.addChannel(channel, { members: [makeMember("kim"), makeMember("lee", { isOnline: true })] });
    renderKit(<Channel channel={channel} />, { client, language: "ko" });
    const subtitle = await screen.findByTestId("channel-subtitle");
    await waitFor(() => expect(subtitle).toHaveTextContent("멤버 2명 · 2명 온라인"));
  });
});
