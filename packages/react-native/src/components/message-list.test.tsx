import { FakeClient, type MessagesState, makeChannel, makeMember, makeMessage } from "@parley/react/headless";
import type { ParleyEventMap, TMessage } from "@parley/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { FlatList } from "react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { type MessageListRow, MessageListView } from "./message-list";

function seeded(count = 3) {
  const client = new FakeClient("kim");
  const messages = Array.from({ length: count }, (_, i) =>
    makeMessage("general", i + 1, i % 2 === 0 ? "lee" : "kim", `message ${i + 1}`),
  );
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee", { lastReadSeq: 0 })],
    messages,
  });
  return client;
}

/** The list's own props, as React Native's FlatList got them. */
function listProps() {
  return screen.UNSAFE_getByType(FlatList).props as {
    data: MessageListRow[];
    inverted: boolean;
    initialNumToRender: number;
    windowSize: number;
    maintainVisibleContentPosition: { minIndexForVisible: number };
    onEndReached: (info: { distanceFromEnd: number }) => void;
  };
}

/** Opens the ⋯ actions of the row that shows `text`. */
function openActions(text: string) {
  const row = screen.getAllByTestId("message-row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row shows ${text}`);
  fireEvent.press(within(row).getByRole("button", { name: /Message actions|메시지 메뉴/ }));
}

describe("MessageList", () => {
  it("draws fewer than 50 rows of a 10,000-message channel, newest at the bottom of an inverted list", () => {
    const me = "kim";
    const messages: TMessage[] = Array.from({ length: 10_000 }, (_, i) =>
      makeMessage("general", i + 1, i % 3 === 0 ? me : "lee", `line ${i + 1}`),
    );
    const state = {
      messages,
      pending: [],
      loading: false,
      waitingForNetwork: false,
      hasOlder: false,
      loadOlder: jest.fn(),
      error: null,
      setError: jest.fn(),
      apply: jest.fn(),
      send: jest.fn(),
      sendFile: null,
      toggleReaction: jest.fn(),
      edit: jest.fn(),
      remove: jest.fn(),
      removeLinkPreview: jest.fn(),
      retry: jest.fn(),
      discard: jest.fn(),
      markRead: jest.fn(),
    } satisfies Record<keyof MessagesState, unknown>;
    renderKit(<MessageListView channelId="general" messages={state as MessagesState} members={[]} />);

    const rows = screen.getAllByTestId("message-row");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(50);
    expect(listProps().data).toHaveLength(10_000);
    expect(listProps().inverted).toBe(true);
    expect(screen.getByText("line 10000")).toBeOnTheScreen();
    expect(screen.queryByText("line 1")).toBeNull();
  });

  it("loads the older page at the list's end and keeps the first visible message at its index", async () => {
    const client = seeded(100);
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("message 100");

    const before = listProps();
    expect(before.maintainVisibleContentPosition).toEqual(expect.objectContaining({ minIndexForVisible: 0 }));
    expect(before.data).toHaveLength(30);
    const keysBefore = before.data.map((row) => row.key);
    expect(keysBefore[0]).toBe("general-m100");

    await act(async () => before.onEndReached({ distanceFromEnd: 0 }));
    await waitFor(() => expect(listProps().data).toHaveLength(60));

    const after = listProps().data.map((row) => row.key);
    // The rows already shown keep their places from the bottom; the older ones are added beyond the oldest.
    expect(after.slice(0, 30)).toEqual(keysBefore);
    expect(after[30]).toBe("general-m70");
    expect(after[59]).toBe("general-m41");
    const history = client.requests.filter((r) => r.name === "messages.history");
    expect(history.map((r) => r.args[1])).toEqual([{ limit: 30 }, { limit: 30, before: 71 }]);
  });

  it("adds a reaction from the actions and toggles it back from its chip named by emoji and count", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("message 3");

    openActions("message 3");
    fireEvent.press(screen.getByRole("button", { name: "React with 👍" }));
    const chip = await screen.findByRole("button", { name: "👍 1: toggle your reaction" });
    expect(chip).toBeSelected();
    fireEvent.press(chip);
    await waitFor(() => expect(screen.queryByRole("button", { name: "👍 1: toggle your reaction" })).toBeNull());
    expect(
      client.requests.filter((r) => r.name.startsWith("messages.") && r.name.endsWith("react")).map((r) => r.name),
    ).toEqual(["messages.react", "messages.unreact"]);
  });

  it("edits and deletes the user's own message, and offers neither on someone else's (Korean)", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client, language: "ko" });
    await screen.findByText("message 2");

    openActions("message 1");
    expect(screen.getByRole("button", { name: "👍 리액션 남기기" })).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "수정" })).toBeNull();
    expect(screen.queryByRole("button", { name: "삭제" })).toBeNull();
    fireEvent.press(screen.getByRole("button", { name: "취소" }));

    openActions("message 2");
    fireEvent.press(screen.getByRole("button", { name: "수정" }));
    const editor = screen.getByLabelText("메시지 수정");
    fireEvent.changeText(editor, "고친 메시지 입니다");
    fireEvent.press(screen.getByRole("button", { name: "저장" }));
    expect(await screen.findByText("고친 메시지 입니다")).toBeOnTheScreen();
    expect(screen.getByText("(수정됨)")).toBeOnTheScreen();

    openActions("고친 메시지 입니다");
    fireEvent.press(screen.getByRole("button", { name: "삭제" }));
    await waitFor(() => expect(client.requests.map((r) => r.name)).toContain("messages.delete"));
    await waitFor(() => expect(screen.queryByText("고친 메시지 입니다")).toBeNull());
    expect(client.requests.filter((r) => r.name === "messages.delete").map((r) => r.args[1])).toEqual(["general-m2"]);
  });

  it("shows who read the user's newest read message and who is typing", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("message 3");
    expect(screen.queryByTestId("seen-by")).toBeNull();

    act(() =>
      client.emit("channel.read", {
        type: "channel.read",
        channelId: "general",
        userId: "lee",
        seq: 2,
      } as ParleyEventMap["channel.read"]),
    );
    const seen = await screen.findByTestId("seen-by");
    expect(seen).toHaveTextContent("Seen by 1");
    const row = screen.getAllByTestId("message-row").find((r) => within(r).queryByText("message 2"));
    expect(row && within(row).getByTestId("seen-by")).toBeTruthy();

    act(() => client.startTyping("general", "lee"));
    expect(await screen.findByText("LEE is typing…")).toBeOnTheScreen();
  });

  it("shows a message from someone else as it arrives", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("message 3");
    const message = makeMessage("general", 4, "lee", "새 메시지가 도착했습니다");
    act(() =>
      client.emit("message.created", {
        type: "message.created",
        channelId: "general",
        message,
      } as ParleyEventMap["message.created"]),
    );
    expect(await screen.findByText("새 메시지가 도착했습니다")).toBeOnTheScreen();
  });
});
