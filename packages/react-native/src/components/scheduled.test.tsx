import {
  FakeClient,
  formatScheduledAt,
  type Language,
  makeChannel,
  makeMember,
  makeMessage,
} from "@parley/react/headless";
import { ParleyError } from "@parley/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { fromTypedTime, toTypedTime } from "./schedule-form";

const WORDS = {
  en: {
    box: "Message",
    schedule: "Schedule",
    at: "Send at",
    inHour: "In 1 hour",
    tomorrow: "Tomorrow 9:00",
    banner: "1 scheduled message",
    outOfRange: "Pick a time from a minute to 30 days from now.",
    invalid: /^Write the time as \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/,
  },
  ko: {
    box: "메시지",
    schedule: "예약",
    at: "보낼 시간",
    inHour: "1시간 뒤",
    tomorrow: "내일 오전 9시",
    banner: "예약된 메시지 1개",
    outOfRange: "지금부터 1분 뒤에서 30일 뒤 사이의 시간을 골라 주세요.",
    invalid: /^시간을 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 형식으로 써 주세요\.$/,
  },
} satisfies Record<Language, Record<string, string | RegExp>>;

const HOUR = 60 * 60_000;

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee", { nickname: "Lee" })],
    messages: [makeMessage("general", 1, "lee", "Morning")],
  });
  return client;
}

const requests = (client: FakeClient, name: string) => client.requests.filter((r) => r.name === name);

function only<T>(found: T | undefined, what: string): T {
  if (found === undefined) throw new Error(`no ${what}`);
  return found;
}

/** The schedule form's own Schedule button (the composer's, drawn before it, has the same name in English). */
const submitButton = (language: Language) =>
  language === "en"
    ? only(screen.getAllByRole("button", { name: "Schedule" }).at(-1), "schedule form")
    : screen.getByRole("button", { name: "예약하기" });

describe("the typed time", () => {
  it("reads YYYY-MM-DD HH:mm in the device's zone and refuses what is not a time", () => {
    expect(fromTypedTime("2026-12-24 18:30")).toEqual(new Date(2026, 11, 24, 18, 30));
    expect(fromTypedTime(" 2026-1-2T9:05 ")).toEqual(new Date(2026, 0, 2, 9, 5));
    expect(fromTypedTime("2026-02-30 10:00")).toBeNull();
    expect(fromTypedTime("2026-12-24 24:00")).toBeNull();
    expect(fromTypedTime("tomorrow")).toBeNull();
    expect(toTypedTime(new Date(2026, 11, 24, 18, 30))).toBe("2026-12-24 18:30");
  });
});

describe.each(["en", "ko"] as const)("scheduling from the composer (%s)", (language) => {
  const words = WORDS[language];

  it("schedules the typed text for a typed time and lists it above the composer", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client, language });
    await screen.findByText("Morning");
    const box = screen.getByLabelText(words.box);
    expect(screen.getByRole("button", { name: words.schedule })).toBeDisabled();
    fireEvent.changeText(box, "see you tomorrow");
    fireEvent.press(screen.getByRole("button", { name: words.schedule }));

    const field = screen.getByLabelText(words.at);
    // It starts an hour ahead, as the web kit's picker does, which the first quick choice is.
    expect(screen.getByRole("button", { name: words.inHour })).toBeSelected();
    const at = new Date(Date.now() + 2 * HOUR);
    at.setSeconds(0, 0);
    fireEvent.changeText(field, toTypedTime(at));
    fireEvent.press(submitButton(language));

    const banner = await screen.findByRole("button", { name: words.banner });
    expect(requests(client, "scheduled.schedule").map((r) => r.args)).toEqual([
      ["general", "see you tomorrow", at, {}],
    ]);
    expect(requests(client, "messages.send")).toEqual([]);
    expect(box).toHaveProp("value", "");
    expect(screen.queryByLabelText(words.at)).toBeNull();

    fireEvent.press(banner);
    const item = screen.getByTestId("scheduled-item");
    expect(within(item).getByText("see you tomorrow")).toBeOnTheScreen();
    expect(within(item).getByText(formatScheduledAt(at.toISOString(), language))).toBeOnTheScreen();
  });

  it("takes a quick choice, tells a time it cannot read, and shows a 3230 refusal keeping the text", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client, language });
    await screen.findByText("Morning");
    fireEvent.changeText(screen.getByLabelText(words.box), "too late");
    fireEvent.press(screen.getByRole("button", { name: words.schedule }));

    fireEvent.changeText(screen.getByLabelText(words.at), "next friday");
    expect(screen.getByText(words.invalid)).toBeOnTheScreen();
    expect(submitButton(language)).toBeDisabled();

    fireEvent.press(screen.getByRole("button", { name: words.tomorrow }));
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    expect(screen.getByLabelText(words.at)).toHaveProp("value", toTypedTime(tomorrow));
    expect(screen.queryByText(words.invalid)).toBeNull();

    client.refuseNext("scheduled.schedule", new ParleyError({ code: "3230", message: "out of range" }, 400));
    fireEvent.press(submitButton(language));
    expect(await screen.findByRole("alert")).toHaveTextContent(words.outOfRange);
    expect(screen.getByLabelText(words.box)).toHaveProp("value", "too late");
    expect(screen.queryByTestId("scheduled-banner")).toBeNull();
  });
});

/** The text field of the scheduled message being edited (the composer's box has the same name). */
function editedText() {
  const [field] = screen
    .getAllByTestId("scheduled-item")
    .flatMap((item) => within(item).queryAllByLabelText("Message"));
  if (!field) throw new Error("no scheduled message is being edited");
  return field;
}

describe("the scheduled messages sheet", () => {
  it("edits a message's text and time, and cancels another", async () => {
    const client = seeded();
    const first = await client.scheduled.schedule("general", "first", new Date(Date.now() + HOUR));
    await client.scheduled.schedule("general", "second", new Date(Date.now() + 2 * HOUR));
    await client.scheduled.schedule("random", "elsewhere", new Date(Date.now() + HOUR));
    renderKit(<ChannelScreen channelId="general" />, { client });

    fireEvent.press(await screen.findByRole("button", { name: "2 scheduled messages" }));
    const texts = () =>
      screen
        .getAllByTestId("scheduled-item")
        .map((item) => within(item).queryAllByText(/^(first|second)/)[0]?.props.children);
    expect(texts()).toEqual(["first", "second"]);

    const firstTime = formatScheduledAt(first.scheduledAt, "en");
    fireEvent.press(screen.getByRole("button", { name: `Edit the message for ${firstTime}` }));
    fireEvent.changeText(editedText(), "first, later");
    const later = new Date(Date.now() + 3 * HOUR);
    later.setSeconds(0, 0);
    fireEvent.changeText(screen.getByLabelText("Send at"), toTypedTime(later));
    fireEvent.press(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(texts()).toEqual(["second", "first, later"]));
    expect(requests(client, "scheduled.edit").map((r) => r.args)).toEqual([
      [first.id, { text: "first, later", scheduledAt: later }],
    ]);

    fireEvent.press(only(screen.getAllByRole("button", { name: /^Cancel the message for / })[0], "cancel button"));
    await waitFor(() => expect(screen.getAllByTestId("scheduled-item")).toHaveLength(1));
    expect(requests(client, "scheduled.cancel")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "1 scheduled message" })).toBeOnTheScreen();
  });

  it("keeps an unchanged time out of an edit, so only the text is sent", async () => {
    const client = seeded();
    const waiting = await client.scheduled.schedule("general", "soon", new Date(Date.now() + HOUR));
    renderKit(<ChannelScreen channelId="general" />, { client });
    fireEvent.press(await screen.findByRole("button", { name: "1 scheduled message" }));
    const time = formatScheduledAt(waiting.scheduledAt, "en");
    fireEvent.press(screen.getByRole("button", { name: `Edit the message for ${time}` }));
    fireEvent.changeText(editedText(), "soon, reworded");
    fireEvent.press(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests(client, "scheduled.edit").map((r) => r.args)).toEqual([[waiting.id, { text: "soon, reworded" }]]),
    );
  });

  it("shows why a message was not sent, in Korean, and removes it", async () => {
    const client = seeded();
    const refused = await client.scheduled.schedule("general", "hello", new Date(Date.now() + HOUR));
    client.finishScheduled(refused.id, { status: "failed", errorCode: "3023" });
    renderKit(<ChannelScreen channelId="general" />, { client, language: "ko" });

    fireEvent.press(await screen.findByRole("button", { name: "1개 보내지 못함" }));
    const item = screen.getByTestId("scheduled-item");
    expect(within(item).getByText("보내지 못했습니다: 이 채널에서 차단되었습니다.")).toBeOnTheScreen();
    expect(within(item).queryByRole("button", { name: /수정$/ })).toBeNull();
    const time = formatScheduledAt(refused.scheduledAt, "ko");
    fireEvent.press(within(item).getByRole("button", { name: `${time}에 보내려던 메시지 삭제` }));
    expect(await screen.findByText("예약된 메시지가 없습니다.")).toBeOnTheScreen();
    expect(requests(client, "scheduled.cancel").map((r) => r.args)).toEqual([[refused.id]]);
  });

  it("reads the list again when a scheduled message arrives in the channel", async () => {
    const client = seeded();
    const due = await client.scheduled.schedule("general", "on time", new Date(Date.now() + HOUR));
    await client.scheduled.schedule("general", "later", new Date(Date.now() + 2 * HOUR));
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByRole("button", { name: "2 scheduled messages" });

    client.finishScheduled(due.id, { status: "sent" });
    act(() =>
      client.emit("message.created", {
        type: "message.created",
        channelId: "general",
        message: makeMessage("general", 2, "kim", "on time", { clientMessageId: `scheduled:${due.id}` }),
      } as never),
    );
    expect(await screen.findByRole("button", { name: "1 scheduled message" })).toBeOnTheScreen();
    expect(await screen.findByText("on time")).toBeOnTheScreen();
  });
});

describe("the app's own picker", () => {
  it("opens at the typed time and puts the picked one in the field", async () => {
    const client = seeded();
    const picked = new Date(Date.now() + 5 * HOUR);
    picked.setSeconds(0, 0);
    const asked: Date[] = [];
    const pickScheduleTime = async (initial: Date) => {
      asked.push(initial);
      return picked;
    };
    renderKit(<ChannelScreen channelId="general" />, { client, pickScheduleTime });
    await screen.findByText("Morning");
    fireEvent.changeText(screen.getByLabelText("Message"), "later");
    fireEvent.press(screen.getByRole("button", { name: "Schedule" }));
    const field = screen.getByLabelText("Send at");
    fireEvent.changeText(field, "2026-12-24 18:30");
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "Choose a date and time" })));
    expect(asked).toEqual([new Date(2026, 11, 24, 18, 30)]);
    expect(screen.getByLabelText("Send at")).toHaveProp("value", toTypedTime(picked));
  });
});
