import { FakeClient, makeChannel, makeMember, makeMessage } from "@parley/react/headless";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { BackHandler } from "react-native";
import { renderKit } from "../testing/render";
import { Chat } from "./chat";

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee")],
    messages: [
      makeMessage("general", 1, "lee", "Morning", { replyCount: 1 }),
      makeMessage("general", 2, "lee", "Thread answer", { parentMessageId: "general-m1" }),
      makeMessage("general", 3, "kim", "Hello"),
    ],
    unread: { unreadCount: 2 },
  });
  return client;
}

describe("Chat", () => {
  it("opens a channel from the list, marks it read, and goes back to the list with Back", async () => {
    const client = seeded();
    renderKit(<Chat />, { client });

    fireEvent.press(await screen.findByRole("button", { name: "General" }));
    expect(await screen.findByText("Morning")).toBeOnTheScreen();
    expect(screen.getByText("Hello")).toBeOnTheScreen();
    // A reply that lives in its thread only is not one of the channel's rows.
    expect(screen.queryByText("Thread answer")).toBeNull();
    await waitFor(() => expect(client.requests.some((r) => r.name === "messages.markRead")).toBe(true));
    expect(screen.getByLabelText("Message")).toBeOnTheScreen();

    fireEvent.press(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("button", { name: "General" })).toBeOnTheScreen();
    expect(screen.queryByText("Morning")).toBeNull();
  });

  it("opens a thread from its replies count and from Reply in thread, and comes back to the channel (Korean)", async () => {
    renderKit(<Chat initialChannelId="general" />, { client: seeded(), language: "ko" });

    fireEvent.press(await screen.findByRole("button", { name: "답글 1개" }));
    expect(await screen.findByText("Thread answer")).toBeOnTheScreen();
    expect(within(screen.getByTestId("thread-parent")).getByText("Morning")).toBeOnTheScreen();
    expect(screen.getByRole("header", { name: "스레드" })).toBeOnTheScreen();

    fireEvent.press(screen.getByRole("button", { name: "뒤로" }));
    expect(await screen.findByText("Hello")).toBeOnTheScreen();
    const actions = screen.getAllByRole("button", { name: "메시지 메뉴" });
    fireEvent.press(actions[actions.length - 1] as never);
    fireEvent.press(screen.getByRole("button", { name: "스레드에서 답글" }));
    expect(await screen.findByRole("header", { name: "스레드" })).toBeOnTheScreen();
  });

  it("walks back its own stack with Android's back button", async () => {
    const listeners: Array<() => boolean> = [];
    const spy = jest.spyOn(BackHandler, "addEventListener").mockImplementation((_event, listener) => {
      listeners.push(listener as () => boolean);
      return { remove: () => listeners.splice(listeners.indexOf(listener as () => boolean), 1) };
    });
    renderKit(<Chat initialChannelId="general" />, { client: seeded() });
    expect(await screen.findByText("Morning")).toBeOnTheScreen();
    expect(listeners).toHaveLength(1);
    let handled: boolean | undefined;
    act(() => {
      handled = listeners[0]?.();
    });
    expect(handled).toBe(true);
    expect(await screen.findByRole("button", { name: "General" })).toBeOnTheScreen();
    spy.mockRestore();
  });

  it("keeps its controls inside the safe area the app gives", async () => {
    renderKit(<Chat />, { client: seeded(), safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 } });
    expect(await screen.findByRole("header", { name: "Channels" })).toBeOnTheScreen();
    expect(screen.getByTestId("screen-header")).toHaveStyle({ paddingTop: 51 });
    fireEvent.press(screen.getByRole("button", { name: "General" }));
    expect(await screen.findByLabelText("Message")).toBeOnTheScreen();
    expect(screen.getByTestId("composer-area")).toHaveStyle({ paddingBottom: 34 });
  });
});
