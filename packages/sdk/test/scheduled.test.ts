import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TScheduledMessage } from "../src";
import { sdkApp, startServer, type TestServer } from "./helpers";

let t: TestServer | undefined;
let baseUrl = "";
const cleanups: (() => void)[] = [];
/** The server's clock, which this file moves forward with the testing endpoint. */
let now = Date.now();

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => t?.close());

async function testing(method: "PUT" | "POST", url: string, body?: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}/api/testing${url}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

async function room() {
  if (!t) throw new Error("the server has not started");
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  const kim = await a.user("kim");
  const lee = await a.user("lee");
  const channel = await kim.channels.create({ name: "Room" });
  await lee.channels.join(channel.id);
  return { kim, lee, channel };
}

const MINUTE = 60_000;

/** Moves the server's clock past `at`, runs the minute's sweep, and waits for the message to leave `scheduled`. */
async function sendsAt(at: Date, read: () => Promise<TScheduledMessage>): Promise<TScheduledMessage> {
  now = at.getTime() + 1000;
  await testing("PUT", "/clock", { now: new Date(now).toISOString(), frozen: true });
  await testing("POST", "/jobs/messages.scheduled-due");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const current = await read();
    if (current.status === "sent" || current.status === "failed") return current;
    if (Date.now() > deadline) throw new Error(`still ${current.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("scheduled messages", () => {
  it("schedules, lists, edits and has the server send the edited text at its time", async () => {
    const { kim, lee, channel } = await room();
    const at = new Date(now + 10 * MINUTE);
    const made = await lee.scheduled.schedule(channel.id, "draft", at, { metadata: { kind: "note" } });
    expect(made).toMatchObject({ status: "scheduled", text: "draft", scheduledAt: at.toISOString() });
    expect((await lee.scheduled.list(channel.id)).scheduledMessages.map((m) => m.id)).toEqual([made.id]);
    expect((await lee.scheduled.list()).scheduledMessages.map((m) => m.id)).toEqual([made.id]);
    expect((await kim.scheduled.list(channel.id)).scheduledMessages).toEqual([]);

    const later = new Date(now + 20 * MINUTE);
    const edited = await lee.scheduled.edit(made.id, { text: "final", scheduledAt: later });
    expect(edited).toMatchObject({ text: "final", scheduledAt: later.toISOString() });

    const sent = await sendsAt(later, () => lee.scheduled.get(made.id));
    expect(sent.status).toBe("sent");
    const history = await kim.messages.history(channel.id);
    expect(history.messages.map((m) => [m.id, m.text, m.sender?.userId])).toEqual([[sent.messageId, "final", "lee"]]);
    await expect(lee.scheduled.edit(made.id, { text: "again" })).rejects.toMatchObject({ code: "3232" });
  });

  it("cancels a waiting message, and answers the server's codes: 3230 for a time too soon, 3231 once cancelled", async () => {
    const { kim, lee, channel } = await room();
    await expect(lee.scheduled.schedule(channel.id, "now", new Date(now + 1000))).rejects.toMatchObject({
      code: "3230",
    });
    const at = new Date(now + 5 * MINUTE);
    const made = await lee.scheduled.schedule(channel.id, "never", at);
    await lee.scheduled.cancel(made.id);
    await expect(lee.scheduled.get(made.id)).rejects.toMatchObject({ code: "3231" });
    await testing("PUT", "/clock", { now: new Date(at.getTime() + 1000).toISOString(), frozen: true });
    now = at.getTime() + 1000;
    await testing("POST", "/jobs/messages.scheduled-due");
    expect((await kim.messages.history(channel.id)).messages).toEqual([]);
  });

  it("shows the sender a message refused at its time as failed, with the refusal's code", async () => {
    const { kim, lee, channel } = await room();
    const made = await lee.scheduled.schedule(channel.id, "bye", new Date(now + 5 * MINUTE));
    await lee.channels.leave(channel.id);
    const failed = await sendsAt(new Date(made.scheduledAt), () => lee.scheduled.get(made.id));
    expect(failed).toMatchObject({ status: "failed", errorCode: "3020", messageId: null });
    expect((await lee.scheduled.list(undefined, { status: "failed" })).scheduledMessages.map((m) => m.id)).toEqual([
      made.id,
    ]);
    expect((await kim.messages.history(channel.id)).messages).toEqual([]);
  });
});
