import { FakeClient, makeChannel, makeMessage } from "@parley/react/headless";
import { fireEvent, screen, within } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelList } from "./channel-list";

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(
    makeChannel("general", {
      name: "General",
      lastMessage: makeMessage("general", 3, "lee", "회의는 세 시에 합니다", { createdAt: "2025-01-03T00:00:00.000Z" }),
    }),
    { unread: { unreadCount: 3, unreadMentionCount: 1 } },
  );
  client.addChannel(makeChannel("random", { name: "Random" }), { unread: { unreadCount: 0 } });
  client.addChannel(makeChannel("design", { name: "Design" }), { unread: { unreadCount: 120 } });
  return client;
}

describe("ChannelList", () => {
  it("lists each channel as a button named by its title, with the unread count and a mention badge (English)", async () => {
    const onSelect = jest.fn();
    renderKit(<ChannelList onSelect={onSelect} />, { client: seeded() });

    const general = await screen.findByRole("button", { name: "General" });
    expect(within(general).getByTestId("unread-badge")).toHaveTextContent("3");
    expect(within(general).getByTestId("mention-badge")).toBeOnTheScreen();
    expect(general).toHaveAccessibilityValue({ text: "3 unread messages, You were mentioned" });
    expect(within(general).getByText("LEE: 회의는 세 시에 합니다")).toBeOnTheScreen();

    const random = screen.getByRole("button", { name: "Random" });
    expect(within(random).queryByTestId("unread-badge")).toBeNull();
    expect(within(random).queryByTestId("mention-badge")).toBeNull();
    expect(within(screen.getByRole("button", { name: "Design" })).getByTestId("unread-badge")).toHaveTextContent("99+");

    fireEvent.press(general);
    expect(onSelect).toHaveBeenCalledWith("general");
  });

  it.each([
    ["en", "Open"],
    ["ko", "오픈"],
  ] as const)("labels an open channel as open and no other, in %s", async (language, label) => {
    const client = seeded();
    client.addChannel(makeChannel("keynote", { name: "Keynote", type: "open", memberLimit: 100_000 }));
    renderKit(<ChannelList onSelect={() => {}} />, { client, language });
    const keynote = await screen.findByRole("button", { name: "Keynote" });
    expect(within(keynote).getByTestId("open-tag")).toHaveTextContent(label);
    expect(within(screen.getByRole("button", { name: "Random" })).queryByTestId("open-tag")).toBeNull();
  });

  it("says the badges in Korean, and searches channel titles in Korean", async () => {
    const client = seeded();
    client.addChannel(makeChannel("notice", { name: "공지 사항" }));
    renderKit(<ChannelList onSelect={() => {}} />, { client, language: "ko" });

    const general = await screen.findByRole("button", { name: "General" });
    expect(general).toHaveAccessibilityValue({ text: "읽지 않은 메시지 3개, 나를 언급한 메시지가 있습니다" });
    expect(general).toHaveProp("accessibilityHint", "채널을 엽니다");

    fireEvent.changeText(screen.getByLabelText("채널 검색"), "공지");
    expect(screen.getByRole("button", { name: "공지 사항" })).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "General" })).toBeNull();

    fireEvent.changeText(screen.getByLabelText("채널 검색"), "없는 채널");
    expect(screen.getByText("“없는 채널”에 맞는 채널이 없습니다.")).toBeOnTheScreen();
  });

  it("filters by search in English and shows every channel again when the search is cleared", async () => {
    renderKit(<ChannelList onSelect={() => {}} />, { client: seeded() });
    await screen.findByRole("button", { name: "General" });

    fireEvent.changeText(screen.getByLabelText("Search channels"), "ran");
    expect(screen.getByRole("button", { name: "Random" })).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "General" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Design" })).toBeNull();

    fireEvent.changeText(screen.getByLabelText("Search channels"), "");
    expect(screen.getAllByRole("button").map((b) => b.props.accessibilityLabel)).toEqual(
      expect.arrayContaining(["General", "Random", "Design"]),
    );
  });
});
