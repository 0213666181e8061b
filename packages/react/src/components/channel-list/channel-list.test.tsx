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

  it("makes an open channel from the type choice, tagged Open in the list", async () => {
    const client = seeded();
    const onSelect = vi.fn();
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={onSelect} />, { client });
    await user.click(await screen.findByRole("button", { name: "+ New" }));

    const types = screen.getByRole("group", { name: "Type" });
    expect(within(types).getByRole("radio", { name: /^Public/ })).toBeChecked();
    expect(screen.queryByRole("textbox", { name: "Invite code" })).toBeNull();
    const open = within(types).getByRole("radio", { name: /^Open/ });
    expect(open).toHaveAccessibleDescription("Open channel: anyone reads it, no unread counts");

    await user.type(screen.getByRole("textbox", { name: "Channel name" }), " Keynote ");
    await user.click(open);
    await user.click(screen.getByRole("button", { name: "Create" }));

    const create = client.requests.find((r) => r.name === "channels.create");
    expect(create?.args).toEqual([{ name: "Keynote", type: "open" }]);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: "Keynote", type: "open" }));
    const made = await screen.findByText("Keynote");
    expect(within(made.closest("[data-testid=channel-item]") as HTMLElement).getByTestId("open-tag")).toHaveTextContent(
      "Open",
    );
  });

  it("asks for an invite code only for a private channel and sends it with the type", async () => {
    const client = seeded();
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });
    await user.click(await screen.findByRole("button", { name: "+ New" }));
    await user.type(screen.getByRole("textbox", { name: "Channel name" }), "Team");
    await user.click(screen.getByRole("radio", { name: /^Private/ }));
    const code = screen.getByRole("textbox", { name: "Invite code" });
    expect(code).toBeRequired();
    await user.type(code, " s3cret ");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(client.requests.find((r) => r.name === "channels.create")?.args).toEqual([
      { name: "Team", type: "private", inviteCode: "s3cret" },
    ]);
  });

  it("moves between the types with the arrow keys and names them in Korean", async () => {
    const client = seeded();
    const { user } = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client, language: "ko" });
    await user.click(await screen.findByRole("button", { name: "+ 새 채널" }));
    const types = screen.getByRole("group", { name: "종류" });
    const radios = within(types).getAllByRole("radio");
    expect(radios.map((r) => r.closest("label")?.textContent)).toEqual([
      "공개누구나 찾아서 참여합니다",
      "비공개초대 코드로 참여합니다",
      "오픈오픈 채널: 누구나 읽을 수 있고 안 읽은 수를 세지 않습니다",
    ]);
    radios[0]?.focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(within(types).getByRole("radio", { name: /^오픈/ })).toBeChecked();
    await user.type(screen.getByRole("textbox", { name: "채널 이름" }), "키노트");
    await user.click(screen.getByRole("button", { name: "만들기" }));
    expect(client.requests.find((r) => r.name === "channels.create")?.args).toEqual([{ name: "키노트", type: "open" }]);
  });
});
