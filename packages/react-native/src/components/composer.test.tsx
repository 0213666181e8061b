import {
  attachOffline,
  closeOfflineStores,
  FakeClient,
  makeChannel,
  makeMember,
  makeMessage,
} from "@parley/react/headless";
import { act, fireEvent, screen, waitFor } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";

afterEach(() => closeOfflineStores());

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee", { nickname: "이수진" }), makeMember("park", { nickname: "Park" })],
    messages: [makeMessage("general", 1, "lee", "Morning")],
  });
  return client;
}

const sends = (client: FakeClient) => client.requests.filter((r) => r.name === "messages.send");

describe("Composer", () => {
  it("sends the typed message, shows it in the list and empties the box (English)", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("Morning");

    const box = screen.getByLabelText("Message");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    fireEvent.changeText(box, "  Hello there  ");
    expect(client.requests.some((r) => r.name === "typing.keystroke")).toBe(true);
    fireEvent.press(send);

    expect(await screen.findByText("Hello there")).toBeOnTheScreen();
    expect(sends(client).map((r) => r.args[1])).toEqual(["Hello there"]);
    expect(box).toHaveProp("value", "");
    expect(client.requests.some((r) => r.name === "typing.stop")).toBe(true);
  });

  it("completes an @mention from the members and sends the picked user as mentioned (Korean)", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client, language: "ko" });
    await screen.findByText("Morning");

    const box = screen.getByLabelText("메시지");
    fireEvent.changeText(box, "안녕하세요 @이수");
    const list = screen.getByLabelText("언급할 멤버");
    expect(list).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "Park" })).toBeNull();
    fireEvent.press(screen.getByRole("button", { name: "이수진" }));
    expect(box).toHaveProp("value", "안녕하세요 @이수진 ");
    expect(screen.queryByLabelText("언급할 멤버")).toBeNull();

    fireEvent.changeText(box, "안녕하세요 @이수진 오늘 회의 있어요");
    fireEvent.press(screen.getByRole("button", { name: "보내기" }));
    await waitFor(() => expect(sends(client)).toHaveLength(1));
    expect(sends(client)[0]?.args).toEqual([
      "general",
      "안녕하세요 @이수진 오늘 회의 있어요",
      { mentionedUserIds: ["lee"] },
    ]);
  });

  it("offers Attach only when the app gives a picker, and sends the picked file", async () => {
    const first = renderKit(<ChannelScreen channelId="general" />, { client: seeded() });
    await screen.findByText("Morning");
    expect(screen.queryByRole("button", { name: "Attach a file" })).toBeNull();
    first.unmount();

    const client = seeded();
    const picked = { uri: "file:///photos/sunset.jpg", name: "sunset.jpg", type: "image/jpeg" };
    const pickAttachment = jest.fn().mockResolvedValueOnce(picked).mockResolvedValueOnce(null);
    renderKit(<ChannelScreen channelId="general" />, { client, pickAttachment, language: "ko" });
    await screen.findByText("Morning");

    await act(async () => fireEvent.press(screen.getByRole("button", { name: "파일 첨부" })));
    expect(await screen.findByText("📎 sunset.jpg")).toBeOnTheScreen();
    const files = client.requests.filter((r) => r.name === "messages.sendFile");
    expect(files.map((r) => r.args[1])).toEqual([{ name: "sunset.jpg", size: 0, mimeType: "image/jpeg" }]);

    // A cancelled pick sends nothing.
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "파일 첨부" })));
    expect(pickAttachment).toHaveBeenCalledTimes(2);
    expect(client.requests.filter((r) => r.name === "messages.sendFile")).toHaveLength(1);
  });

  it("queues a picked Blob through the offline outbox when the client has the offline layer", async () => {
    const client = seeded();
    const store = await attachOffline(client);
    const file = new Blob(["report"], { type: "application/pdf" });
    Object.defineProperty(file, "name", { value: "report.pdf" });
    renderKit(<ChannelScreen channelId="general" />, { client, pickAttachment: async () => file });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "Attach a file" })));
    expect(await screen.findByText("📎 report.pdf")).toBeOnTheScreen();
    expect(store.outbox("general").map((item) => item.kind)).toEqual(["file"]);
  });
});
