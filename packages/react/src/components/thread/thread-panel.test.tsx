import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";

function seeded() {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel, {
    members: [makeMember("kim"), makeMember("lee")],
    messages: [
      makeMessage("general", 1, "lee", "Where to eat?", { replyCount: 2 }),
      makeMessage("general", 2, "kim", "Noodles", { parentMessageId: "general-m1" }),
      makeMessage("general", 3, "lee", "Sure", { parentMessageId: "general-m1" }),
      makeMessage("general", 4, "lee", "Back at two"),
    ],
  });
  return { client, channel };
}

describe("ThreadPanel", () => {
  it("opens from a message's reply count and shows its replies under the parent, apart from the channel", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });

    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await within(chat).findByText("Back at two");
    // Replies kept in their thread are not the channel's messages.
    expect(within(chat).queryByText("Noodles")).toBeNull();

    await user.click(within(chat).getByRole("button", { name: "2 replies" }));
    const thread = screen.getByRole("complementary", { name: "Thread" });
    expect(await within(thread).findByText("Noodles")).toBeInTheDocument();
    expect(within(thread).getByText("Sure")).toBeInTheDocument();
    expect(within(thread).getByRole("article", { name: "LEE: Where to eat?" })).toBeInTheDocument();
    expect(client.requests.some((r) => r.name === "messages.replies" && r.args[1] === "general-m1")).toBe(true);
  });

  it("sends a reply into the thread, and to the channel too when asked", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await user.click(await within(chat).findByRole("button", { name: "2 replies" }));
    const thread = screen.getByRole("complementary", { name: "Thread" });

    await user.click(within(thread).getByRole("checkbox", { name: "Also send to #General" }));
    await user.type(within(thread).getByRole("combobox", { name: "Message" }), "Count me in{Enter}");

    const send = client.requests.find((r) => r.name === "messages.send");
    expect(send?.args).toEqual(["general", "Count me in", { showInChannel: true, parentMessageId: "general-m1" }]);
    expect(await within(thread).findByText("Count me in")).toBeInTheDocument();
    // Sent to the channel too, it shows there as well.
    expect(await within(chat).findByText("Count me in")).toBeInTheDocument();

    await user.click(within(thread).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("complementary", { name: "Thread" })).toBeNull();
  });

  it("marks the user's own replies with the channel's receipt ticks, loading the marks once for list and thread", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await user.click(await within(chat).findByRole("button", { name: "2 replies" }));
    const thread = screen.getByRole("complementary", { name: "Thread" });

    const mine = await within(thread).findByRole("article", { name: "KIM: Noodles" });
    expect(await within(mine).findByRole("img", { name: "Sent" })).toBeInTheDocument();
    client.emit("channel.delivered", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "Delivered" })).toBeInTheDocument();
    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "Read" })).toHaveClass("pk-receipt-read");

    // Someone else's reply carries none.
    const theirs = within(thread).getByRole("article", { name: "LEE: Sure" });
    expect(within(theirs).queryByTestId("receipt")).toBeNull();
    expect(client.requests.filter((r) => r.name === "receipts.load")).toHaveLength(1);
  });

  it("labels the reply ticks in Korean", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(<Channel channel={channel} />, { client, language: "ko" });
    await user.click(await screen.findByRole("button", { name: "답글 2개" }));
    const thread = screen.getByRole("complementary", { name: "스레드" });
    const mine = await within(thread).findByRole("article", { name: "KIM: Noodles" });
    expect(await within(mine).findByRole("img", { name: "보냄" })).toBeInTheDocument();
    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "읽음" })).toBeInTheDocument();
  });
});
