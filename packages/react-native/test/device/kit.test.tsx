/**
 * The kit's channel screen on a phone, against a real server process through the packed `@parley/sdk`: a photo drawn
 * from the thumbnails the server made, a poll voted on by two users, a message's receipt moving to read when the
 * other user reads it, and a message scheduled and cancelled from the composer. The other user is a second client of the same SDK, as another phone would be.
 */
import { ParleyClient } from "@parley/sdk";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react-native";
import { ChannelScreen } from "../../src/components/channel-screen";
import { ParleyProvider } from "../../src/provider";

/** A 2×2 JPEG without metadata, which the server reads and makes its thumbnails from. */
const TINY_JPEG_BASE64 =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgDQd//2Q==";

// A real server answers: a first render and a round trip over the socket take longer on a busy machine.
jest.setTimeout(60_000);

const server: { baseUrl: string; appId: string; apiKey: string } = JSON.parse(process.env.PARLEY_DEVICE_SERVER ?? "{}");

// The testing library unmounts the screen after each test, and its provider disconnects the user's client.
const clients: ParleyClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** Calls `/v1` with the API key, as the app's own server does. */
async function appServer<T>(method: string, route: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

let users = 0;

/** A new user of the app, logged in. */
async function user(nickname: string) {
  users += 1;
  const userId = `kit-${users}`;
  await appServer("POST", "/users", { userId, nickname });
  const { token } = await appServer<{ token: string }>("POST", `/users/${userId}/token`);
  const client = new ParleyClient({ baseUrl: server.baseUrl, appId: server.appId });
  clients.push(client);
  await client.loginWithToken(userId, token);
  return client;
}

/** Kim on the kit's channel screen (Korean), and Lee on another phone, in one channel. */
async function room() {
  const kim = await user("Kim");
  const lee = await user("Lee");
  const channel = await lee.channels.create({ name: "Trip" });
  await kim.channels.join(channel.id);
  // Both links open before the screen shows, so what Lee does next reaches Kim's screen as events (the provider's own
  // `connect` finds the link open).
  await Promise.all([kim.connect(), lee.connect()]);
  render(
    <ParleyProvider client={kim} language="ko">
      <ChannelScreen channelId={channel.id} />
    </ParleyProvider>,
  );
  await screen.findByText("Trip");
  return { kim, lee, channel };
}

function rowOf(text: string) {
  const row = screen.getAllByTestId("message-row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

describe("the kit's richer messages against the server", () => {
  it("draws another user's photo from a thumbnail the server made, in a box sized from the photo", async () => {
    const { lee, channel } = await room();
    const sent = await lee.messages.sendFile(channel.id, {
      uri: `data:image/jpeg;base64,${TINY_JPEG_BASE64}`,
      name: "beach.jpg",
      type: "image/jpeg",
    });
    const thumbnails = sent.file?.thumbnails ?? [];
    expect(thumbnails.length).toBeGreaterThan(0);
    const image = await screen.findByRole("image", { name: "이미지: beach.jpg" });
    const smallest = thumbnails.find((t) => t.size === 240 && t.format === "webp");
    expect(image).toHaveProp("source", expect.objectContaining({ uri: smallest?.url }));
    expect(screen.getByTestId("image-attachment")).toHaveStyle({ width: 2, height: 2 });
  });

  it("shows a poll another user made, takes the user's vote, and follows the other's vote live", async () => {
    const { lee, channel } = await room();
    const message = await lee.polls.create(channel.id, { question: "점심 뭐 먹을까요?", options: ["국수", "비빔밥"] });
    const poll = await screen.findByTestId("poll-card");
    expect(within(poll).getByRole("header")).toHaveTextContent("점심 뭐 먹을까요?");

    fireEvent.press(within(poll).getByRole("radio", { name: "국수: 0표" }));
    expect(await within(poll).findByRole("radio", { name: "국수: 1표" })).toBeChecked();

    const pollId = message.poll?.id ?? "";
    await lee.polls.vote(channel.id, pollId, [message.poll?.options[1]?.id ?? ""]);
    expect(await within(poll).findByRole("radio", { name: "비빔밥: 1표" })).not.toBeChecked();
    expect(within(poll).getByRole("radio", { name: "국수: 1표" })).toBeChecked();
    expect(within(poll).getByTestId("poll-status")).toHaveTextContent("2명 참여 · 하나만 선택");
  });

  it("moves the user's message from sent to read when the other user reads it", async () => {
    const { lee, channel } = await room();
    fireEvent.changeText(screen.getByLabelText("메시지"), "내일 10시에 만나요");
    fireEvent.press(screen.getByRole("button", { name: "보내기" }));
    await screen.findByText("내일 10시에 만나요");
    await waitFor(() => expect(within(rowOf("내일 10시에 만나요")).getByTestId("receipt")).toBeOnTheScreen());

    await lee.messages.markRead(channel.id);
    expect(await within(rowOf("내일 10시에 만나요")).findByRole("image", { name: "읽음" })).toBeOnTheScreen();
  });

  it("schedules the typed text, lists it, and cancels it on the server", async () => {
    const { kim, channel } = await room();
    fireEvent.changeText(screen.getByLabelText("메시지"), "잊지 말고 우산 챙기세요");
    fireEvent.press(screen.getByRole("button", { name: "예약" }));
    fireEvent.press(screen.getByRole("button", { name: "내일 오전 9시" }));
    fireEvent.press(screen.getByRole("button", { name: "예약하기" }));

    fireEvent.press(await screen.findByRole("button", { name: "예약된 메시지 1개" }));
    const item = screen.getByTestId("scheduled-item");
    expect(within(item).getByText("잊지 말고 우산 챙기세요")).toBeOnTheScreen();
    const [waiting] = (await kim.scheduled.list(channel.id)).scheduledMessages;
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    expect(waiting && new Date(waiting.scheduledAt)).toEqual(tomorrow);

    fireEvent.press(within(item).getByRole("button", { name: /에 보낼 메시지 예약 취소$/ }));
    expect(await screen.findByText("예약된 메시지가 없습니다.")).toBeOnTheScreen();
    expect((await kim.scheduled.list(channel.id)).scheduledMessages).toEqual([]);
  });
});
