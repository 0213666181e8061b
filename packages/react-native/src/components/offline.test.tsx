import {
  attachOffline,
  closeOfflineStores,
  FakeClient,
  makeChannel,
  makeMember,
  makeMessage,
} from "@parley/react/headless";
import { ParleyError } from "@parley/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { Chat } from "./chat";
import { OfflineBanner } from "./offline-banner";

afterEach(() => closeOfflineStores());

async function room() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee")],
    messages: [makeMessage("general", 1, "lee", "Morning")],
  });
  const store = await attachOffline(client);
  return { client, store };
}

function send(text: string, labels = { box: "Message", send: "Send" }) {
  fireEvent.changeText(screen.getByLabelText(labels.box), text);
  fireEvent.press(screen.getByRole("button", { name: labels.send }));
}

const rowOf = (text: string) => {
  const row = screen.getAllByTestId("message-row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
};

describe("pending and failed messages from the offline outbox", () => {
  it("shows a send made offline as waiting, then the sent message once the server has it", async () => {
    const { client, store } = await room();
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    send("오프라인에서 보낸 메시지");
    expect(await screen.findByText("Waiting to send")).toBeOnTheScreen();
    expect(within(rowOf("오프라인에서 보낸 메시지")).queryByRole("button", { name: "Retry" })).toBeNull();

    client.setNetwork("online");
    await act(async () => store.flush());
    await waitFor(() => expect(screen.queryByText("Waiting to send")).toBeNull());
    expect(screen.getByText("오프라인에서 보낸 메시지")).toBeOnTheScreen();
    expect(store.outbox()).toEqual([]);
  });

  it("shows a refused send as not sent with the reason in Korean, and retries or discards it", async () => {
    const { client, store } = await room();
    const retry = jest.spyOn(store, "retry");
    const discard = jest.spyOn(store, "discard");
    renderKit(<ChannelScreen channelId="general" />, { client, language: "ko" });
    await screen.findByText("Morning");
    const labels = { box: "메시지", send: "보내기" };

    client.setNetwork("offline");
    send("first try", labels);
    await screen.findByText("first try");
    send("second try", labels);
    await screen.findByText("second try");
    const [first, second] = store.outbox("general");
    client.refuseNext("messages.send", new ParleyError({ code: "3013", message: "Text too long." }, 400));
    client.refuseNext("messages.send", new ParleyError({ code: "3999", message: "Something new." }, 400));
    client.setNetwork("online");
    await act(async () => store.flush());

    await waitFor(() => expect(within(rowOf("second try")).getByText(/^전송 실패/)).toBeOnTheScreen());
    expect(within(rowOf("first try")).getByText("전송 실패: 메시지가 너무 깁니다.")).toBeOnTheScreen();

    await act(async () => fireEvent.press(within(rowOf("first try")).getByRole("button", { name: "다시 보내기" })));
    expect(retry).toHaveBeenCalledWith(first?.id);
    await act(async () => fireEvent.press(within(rowOf("second try")).getByRole("button", { name: "삭제" })));
    expect(discard).toHaveBeenCalledWith(second?.id);
    await waitFor(() => expect(screen.queryByText("second try")).toBeNull());
  });
});

describe("OfflineBanner", () => {
  it("is an alert while the link is down, in the user's language, and goes when it is back", async () => {
    const client = new FakeClient("kim");
    renderKit(<Chat />, { client, language: "ko" });
    expect(screen.queryByRole("alert")).toBeNull();

    act(() => client.setConnection("reconnecting"));
    expect(await screen.findByRole("alert")).toHaveTextContent("오프라인입니다. 연결되면 메시지를 보냅니다.");
    act(() => client.setConnection("open"));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("says nothing before the link was ever tried", () => {
    const client = new FakeClient("kim");
    client.connectionState = "closed";
    renderKit(<OfflineBanner />, { client });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => client.setConnection("closed"));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => client.setConnection("connecting"));
    act(() => client.setConnection("closed"));
    expect(screen.getByRole("alert")).toHaveTextContent("You're offline. Messages will be sent when you're back.");
  });
});
