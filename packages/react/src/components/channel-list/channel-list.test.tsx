import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeClient, makeChannel, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { ChannelList } from "./channel-list";

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), { unread: { unreadCount: 3 } });
  client.addChannel(makeChannel("random", { name: "Random" }), {
    unread: { unreadCount: 120, unreadMentionCount: 1 },
  });
  client.addChannel(makeChannel("quiet", { name: "Quiet corner" }));
  client.addChannel(makeChannel("lobby", { name: "Lobby" }), { joined: false });
  return client;
}

const item = (name: string) => screen.getAllByTestId("channel-item").find((el) => el.textContent?.includes(name));

describe("ChannelList", () => {
  it("shows each channel's unread count, marks a mention, and holds the badge back on the open channel", async () => {
    const client = seeded();
    renderKit(<ChannelList selectedId="general" onSelect={() => {}} />, { client });

    const random = await screen.findByText("Random");
    const randomBadge = within(random.closest("button") as HTMLElement).getByTestId("unread-badge");
    expect(randomBadge).toHaveTextContent("@ 99+");
    expect(randomBadge).toHaveTextContent("120 unread messages, You were mentioned");
    // General is open (being read), so it shows no count; Quiet corner has nothing unread.
    expect(within(item("General") as HTMLElement).queryByTestId("unread-badge")).toBeNull();
    expect(within(item("Quiet corner") as HTMLElement).queryByTestId("unread-badge")).toBeNull();
    expect(item("General")).toHaveAttribute("aria-current", "true");
  });

  it.each([
    ["en", "Open"],
    ["ko", "오픈"],
  ] as const)("labels an open channel as open and no other, in %s", async (language, label) => {
    const client = seeded();
    client.addChannel(makeChannel("keynote", { name: "Keynote", type: "open", memberLimit: 100_000 }));
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client, language });
    await screen.findByText("Random");
    expect(within(item("Keynote") as HTMLElement).getByTestId("open-tag")).toHaveTextContent(label);
    expect(within(item("Random") as HTMLElement).queryByTestId("open-tag")).toBeNull();
  });

  it("raises a badge when the SDK's unread counts move", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general);
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });
    await screen.findByText("General");
    expect(screen.queryByTestId("unread-badge")).toBeNull();

    client.addChannel(general, { unread: { unreadCount: 1 } });
    client.emit("unread.changed", { channelId: "general", unreadCount: 1, unreadMentionCount: 0, totals: null });
    expect(await screen.findByTestId("unread-badge")).toHaveTextContent("1 unread message");
  });

  it("filters the user's channels and the ones to join by the search text", async () => {
    const client = seeded();
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });
    await screen.findByText("Random");
    expect(screen.getByText("Lobby")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search channels" }), "an");
    expect(screen.getByText("Random")).toBeInTheDocument();
    expect(screen.queryByText("General")).toBeNull();
    expect(screen.queryByText("Lobby")).toBeNull();

    await user.clear(screen.getByRole("searchbox", { name: "Search channels" }));
    await user.type(screen.getByRole("searchbox", { name: "Search channels" }), "LOB");
    expect(screen.getByText("Lobby")).toBeInTheDocument();
    expect(screen.queryByText("Random")).toBeNull();
    expect(screen.getAllByText("No channel matches “LOB”.")).toHaveLength(2);
  });

  it("moves a channel with a new message to the top and shows it as the preview", async () => {
    const client = seeded();
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });
    await screen.findByText("Quiet corner");
    const message = makeMessage("quiet", 1, "lee", "Anyone here?", { createdAt: "2030-01-01T00:00:00.000Z" });
    client.emit("message.created", { channelId: "quiet", message } as never);

    expect(await screen.findByText("LEE: Anyone here?")).toBeInTheDocument();
    expect(screen.getAllByTestId("channel-item")[0]).toHaveTextContent("Quiet corner");
  });

  it("joins a public channel and opens it", async () => {
    const client = seeded();
    const onSelect = vi.fn();
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={onSelect} />, { client });
    await user.click(await screen.findByRole("button", { name: /Lobby/ }));

    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "lobby" }));
    expect(client.requests.some((r) => r.name === "channels.join" && r.args[0] === "lobby")).toBe(true);
  });

  it("closes the new-channel form on Escape and gives focus back to the button that opened it", async () => {
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client: seeded() });
    const open = await screen.findByRole("button", { name: "+ New" });

    await user.click(open);
    expect(screen.getByRole("textbox", { name: "Channel name" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Channel name" })).toBeNull();
    expect(screen.getByRole("button", { name: "+ New" })).toHaveFocus();
  });
});
