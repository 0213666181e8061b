import { ParleyError } from "@parley/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../i18n/translate";
import { formatScheduledAt, fromLocalInput, toLocalInput } from "../../lib/schedule-time";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { Composer } from "./composer";

const WORDS = {
  en: {
    box: "Message",
    schedule: "Schedule",
    form: "Schedule message",
    at: "Send at",
    submit: "Schedule",
    banner: "1 scheduled message",
    panel: "Scheduled messages",
    outOfRange: "Pick a time from a minute to 30 days from now.",
    limit: "You have 100 messages waiting to be sent. Cancel one first.",
  },
  ko: {
    box: "메시지",
    schedule: "예약",
    form: "메시지 예약 전송",
    at: "보낼 시간",
    submit: "예약하기",
    banner: "예약된 메시지 1개",
    panel: "예약된 메시지",
    outOfRange: "지금부터 1분 뒤에서 30일 뒤 사이의 시간을 골라 주세요.",
    limit: "보낼 예정인 메시지가 이미 100개입니다. 하나를 취소한 뒤 다시 해 주세요.",
  },
} satisfies Record<Language, Record<string, string>>;

const HOUR = 60 * 60_000;

function seeded() {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel, { members: [makeMember("kim"), makeMember("lee", { nickname: "Lee" })] });
  return { client, channel };
}

function render(client: FakeClient, channel: ReturnType<typeof makeChannel>, language: Language = "en") {
  return renderKit(
    <Channel channel={channel}>
      <Composer />
    </Channel>,
    { client, language },
  );
}

/** A time `hours` ahead, on a whole minute, as the picker holds it. */
function ahead(hours: number): string {
  return toLocalInput(new Date(Date.now() + hours * HOUR));
}

const requests = (client: FakeClient, name: string) => client.requests.filter((r) => r.name === name);

afterEach(() => {
  vi.useRealTimers();
});

describe.each(["en", "ko"] as const)("scheduling from the composer (%s)", (language) => {
  const words = WORDS[language];

  it("schedules the typed text for the picked time and lists it above the composer", async () => {
    const { client, channel } = seeded();
    const { user } = render(client, channel, language);
    const box = await screen.findByRole("combobox", { name: words.box });
    await user.type(box, "see you tomorrow");
    await user.click(screen.getByRole("button", { name: words.schedule }));

    const form = screen.getByRole("dialog", { name: words.form });
    const picker = within(form).getByLabelText(words.at);
    expect(picker).toHaveFocus();
    const value = ahead(2);
    fireEvent.change(picker, { target: { value } });
    await user.click(within(form).getByRole("button", { name: words.submit }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: words.form })).toBeNull());
    expect(requests(client, "scheduled.schedule")[0]?.args).toEqual([
      "general",
      "see you tomorrow",
      fromLocalInput(value),
      {},
    ]);
    expect(requests(client, "messages.send")).toEqual([]);
    expect(box).toHaveValue("");

    const banner = await screen.findByRole("button", { name: words.banner });
    await user.click(banner);
    const panel = screen.getByRole("dialog", { name: words.panel });
    const item = within(panel).getByRole("listitem");
    expect(item).toHaveTextContent("see you tomorrow");
    const at = fromLocalInput(value)?.toISOString() ?? "";
    expect(within(item).getByText(formatScheduledAt(at, language))).toHaveAttribute("datetime", at);
  });

  it("shows a 3230 refusal in the time form and keeps the text", async () => {
    const { client, channel } = seeded();
    const { user } = render(client, channel, language);
    const box = await screen.findByRole("combobox", { name: words.box });
    await user.type(box, "too late");
    await user.click(screen.getByRole("button", { name: words.schedule }));
    const form = screen.getByRole("dialog", { name: words.form });
    client.refuseNext(
      "scheduled.schedule",
      new ParleyError({ code: "3230", message: "The time is out of range." }, 400),
    );
    await user.click(within(form).getByRole("button", { name: words.submit }));

    expect(await within(form).findByRole("alert")).toHaveTextContent(words.outOfRange);
    expect(box).toHaveValue("too late");
    expect(screen.queryByTestId("scheduled-banner")).toBeNull();
  });

  it("refuses one more than the limit with 3233's message", async () => {
    const { client, channel } = seeded();
    client.scheduledLimit = 0;
    const { user } = render(client, channel, language);
    await user.type(await screen.findByRole("combobox", { name: words.box }), "one more");
    await user.click(screen.getByRole("button", { name: words.schedule }));
    const form = screen.getByRole("dialog", { name: words.form });
    await user.click(within(form).getByRole("button", { name: words.submit }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(words.limit);
  });
});

describe("the scheduled messages panel", () => {
  it("edits a message's text and time, cancels another, and Escape closes it back to the banner", async () => {
    const { client, channel } = seeded();
    const first = await client.scheduled.schedule("general", "first", new Date(Date.now() + HOUR));
    await client.scheduled.schedule("general", "second", new Date(Date.now() + 2 * HOUR));
    await client.scheduled.schedule("random", "elsewhere", new Date(Date.now() + HOUR));
    const { user } = render(client, channel);

    const banner = await screen.findByRole("button", { name: "2 scheduled messages" });
    await user.click(banner);
    const panel = screen.getByRole("dialog", { name: "Scheduled messages" });
    expect(
      within(panel)
        .getAllByRole("listitem")
        .map((item) => item.querySelector(".pk-scheduled-text")?.textContent),
    ).toEqual(["first", "second"]);

    const firstTime = formatScheduledAt(first.scheduledAt, "en");
    await user.click(within(panel).getByRole("button", { name: `Edit the message for ${firstTime}` }));
    const text = within(panel).getByLabelText("Message");
    await user.clear(text);
    await user.type(text, "first, later");
    const later = ahead(3);
    fireEvent.change(within(panel).getByLabelText("Send at"), { target: { value: later } });
    await user.click(within(panel).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(requests(client, "scheduled.edit")[0]?.args).toEqual([
        first.id,
        { text: "first, later", scheduledAt: fromLocalInput(later) },
      ]),
    );
    // Soonest first: the edited one now comes after the other.
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole("listitem")
          .map((item) => item.querySelector(".pk-scheduled-text")?.textContent),
      ).toEqual(["second", "first, later"]),
    );

    const second = within(panel).getAllByRole("listitem")[0] as HTMLElement;
    await user.click(within(second).getByRole("button", { name: /^Cancel the message for / }));
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(1));
    expect(requests(client, "scheduled.cancel")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "1 scheduled message" })).toBe(banner);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Scheduled messages" })).toBeNull();
    expect(banner).toHaveFocus();
  });

  it("shows a 3230 refusal of an edited time and keeps the edit open", async () => {
    const { client, channel } = seeded();
    const waiting = await client.scheduled.schedule("general", "soon", new Date(Date.now() + HOUR));
    const { user } = render(client, channel);
    await user.click(await screen.findByRole("button", { name: "1 scheduled message" }));
    const panel = screen.getByRole("dialog", { name: "Scheduled messages" });
    const time = formatScheduledAt(waiting.scheduledAt, "en");
    await user.click(within(panel).getByRole("button", { name: `Edit the message for ${time}` }));
    client.refuseNext("scheduled.edit", new ParleyError({ code: "3230", message: "The time is out of range." }, 400));
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Pick a time from a minute to 30 days from now.");
    expect(within(panel).getByLabelText("Message")).toHaveValue("soon");
  });

  it("shows why a message was not sent, in Korean too, and removes it", async () => {
    const { client, channel } = seeded();
    const refused = await client.scheduled.schedule("general", "hello", new Date(Date.now() + HOUR));
    client.finishScheduled(refused.id, { status: "failed", errorCode: "3023" });
    const { user } = render(client, channel, "ko");

    await user.click(await screen.findByRole("button", { name: "1개 보내지 못함" }));
    const panel = screen.getByRole("dialog", { name: "예약된 메시지" });
    expect(within(panel).getByRole("listitem")).toHaveTextContent("보내지 못했습니다: 이 채널에서 차단되었습니다.");
    expect(within(panel).queryByRole("button", { name: /수정$/ })).toBeNull();
    const time = formatScheduledAt(refused.scheduledAt, "ko");
    await user.click(within(panel).getByRole("button", { name: `${time}에 보내려던 메시지 삭제` }));
    await waitFor(() => expect(within(panel).getByText("예약된 메시지가 없습니다.")).toBeInTheDocument());
    expect(requests(client, "scheduled.cancel")[0]?.args).toEqual([refused.id]);
  });

  it("reads the list again when a scheduled message arrives in the channel", async () => {
    const { client, channel } = seeded();
    const due = await client.scheduled.schedule("general", "on time", new Date(Date.now() + HOUR));
    await client.scheduled.schedule("general", "later", new Date(Date.now() + 2 * HOUR));
    render(client, channel);
    await screen.findByRole("button", { name: "2 scheduled messages" });

    client.finishScheduled(due.id, { status: "sent" });
    act(() =>
      client.emit("message.created", {
        type: "message.created",
        channelId: "general",
        message: makeMessage("general", 1, "kim", "on time", { clientMessageId: `scheduled:${due.id}` }),
      } as never),
    );
    expect(await screen.findByRole("button", { name: "1 scheduled message" })).toBeInTheDocument();
  });

  it("reads the list again once a message's time has passed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { client, channel } = seeded();
    const due = await client.scheduled.schedule("general", "on time", new Date(Date.now() + HOUR));
    render(client, channel);
    await vi.waitFor(() => expect(screen.getByTestId("scheduled-banner")).toHaveTextContent("1 scheduled message"));
    const reads = requests(client, "scheduled.list").length;

    client.finishScheduled(due.id, { status: "failed", errorCode: "3022" });
    await act(() => vi.advanceTimersByTimeAsync(HOUR - 60_000));
    expect(requests(client, "scheduled.list")).toHaveLength(reads);
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(screen.getByTestId("scheduled-banner")).toHaveTextContent("1 not sent");
  });
});
