import type { TChannel, TMessagesResponse, TScheduledMessage, TScheduledMessagesPage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueScheduledMessagesJob } from "../../../src/jobs/catalog";
import { v1 } from "../../chat-client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Reply = { scheduledMessage: TScheduledMessage };

/** kim's channel with lee in it; lee schedules, as a member who is not the owner. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Plans", userIds: ["lee"] }))
    .body;
  return { app, kim, lee, channelId: channel.id };
}

const ahead = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const MINUTE = 60_000;

/** Moves the clock just past `at` and runs the minute's sweep and the sends it queues to their end. */
async function reach(at: string): Promise<void> {
  t.clock.set(new Date(new Date(at).getTime() + 1000));
  await t.ctx.jobs.send(dueScheduledMessagesJob, {});
  await t.jobsIdle();
}

async function texts(user: { api: ReturnType<typeof v1> }, channelId: string): Promise<string[]> {
  const history = await user.api.get<TMessagesResponse>(`/channels/${channelId}/messages`);
  return history.body.messages.map((m) => m.text);
}

describe("scheduling a message", () => {
  it("sends it at its time as its sender, once, and records the message it became", async () => {
    const { kim, lee, channelId } = await room();
    const at = ahead(10 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "standup in 5",
      metadata: { kind: "reminder" },
      mentionedUserIds: ["kim"],
      scheduledAt: at,
    });
    expect(made.status).toBe(200);
    const id = made.body.scheduledMessage.id;
    expect(made.body.scheduledMessage).toMatchObject({ status: "scheduled", messageId: null, scheduledAt: at });

    await t.ctx.jobs.send(dueScheduledMessagesJob, {});
    await t.jobsIdle();
    expect(await texts(kim, channelId)).toEqual([]);

    await reach(at);
    const history = await kim.api.get<TMessagesResponse>(`/channels/${channelId}/messages`);
    expect(history.body.messages).toHaveLength(1);
    const [sent] = history.body.messages;
    expect(sent).toMatchObject({
      text: "standup in 5",
      sender: { userId: "lee" },
      metadata: { kind: "reminder" },
      mentionedUserIds: ["kim"],
    });
    const after = await lee.api.get<Reply>(`/scheduled-messages/${id}`);
    expect(after.body.scheduledMessage).toMatchObject({ status: "sent", messageId: sent?.id, errorCode: null });

    // A repeated job, a second sweep and two sends at once find nothing more to send.
    await Promise.all([t.services.scheduledMessages.sendDue(id), t.services.scheduledMessages.sendDue(id)]);
    await reach(ahead(2 * MINUTE));
    expect(await texts(kim, channelId)).toEqual(["standup in 5"]);
  });

  it("shows another member nothing before the send: not in history, not in their lists, 3231 by its ID", async () => {
    const { kim, lee, channelId } = await room();
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "secret plan",
      scheduledAt: ahead(30 * MINUTE),
    });
    const id = made.body.scheduledMessage.id;
    expect(await texts(kim, channelId)).toEqual([]);
    const theirs = await kim.api.get<TScheduledMessagesPage>(`/channels/${channelId}/scheduled-messages`);
    expect(theirs.body.scheduledMessages).toEqual([]);
    expect((await kim.api.get<TScheduledMessagesPage>("/scheduled-messages")).body.scheduledMessages).toEqual([]);
    expect((await kim.api.get(`/scheduled-messages/${id}`)).body.code).toBe("3231");
    expect((await kim.api.patch(`/scheduled-messages/${id}`, { text: "mine now" })).body.code).toBe("3231");
    expect((await kim.api.delete(`/scheduled-messages/${id}`)).body.code).toBe("3231");
    const own = await lee.api.get<TScheduledMessagesPage>(`/channels/${channelId}/scheduled-messages`);
    expect(own.body.scheduledMessages.map((m) => m.text)).toEqual(["secret plan"]);
  });

  it("refuses a time under a minute ahead, past, or over 30 days ahead with code 3230 and the allowed range", async () => {
    const { lee, channelId } = await room();
    for (const scheduledAt of [ahead(30_000), ahead(-MINUTE), ahead(30 * 86_400_000 + MINUTE)]) {
      const refused = await lee.api.post(`/channels/${channelId}/scheduled-messages`, { text: "x", scheduledAt });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "3230",
        data: { earliest: expect.any(String), latest: expect.any(String) },
      });
    }
    const malformed = await lee.api.post(`/channels/${channelId}/scheduled-messages`, {
      text: "x",
      scheduledAt: "tomorrow",
    });
    expect(malformed.body.code).toBe("300");
    const edge = await lee.api.post(`/channels/${channelId}/scheduled-messages`, {
      text: "x",
      scheduledAt: ahead(30 * 86_400_000 - MINUTE),
    });
    expect(edge.status).toBe(200);
    expect((await lee.api.get<TScheduledMessagesPage>("/scheduled-messages")).body.scheduledMessages).toHaveLength(1);
  });

  it("refuses an empty text with 3012, a non-member with 3020 and an API key with 1023", async () => {
    const { app, channelId } = await room();
    const choi = await app.user("choi");
    const lee = v1(t.server, (await app.user("lee2")).sessionToken);
    const scheduledAt = ahead(5 * MINUTE);
    expect(
      (await choi.api.post(`/channels/${channelId}/scheduled-messages`, { text: "hi", scheduledAt })).body.code,
    ).toBe("3020");
    expect((await lee.post(`/channels/${channelId}/scheduled-messages`, { text: "hi", scheduledAt })).body.code).toBe(
      "3020",
    );
    const kim = await app.user("kim2");
    const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Mine" })).body;
    expect(
      (await kim.api.post(`/channels/${channel.id}/scheduled-messages`, { text: "  ", scheduledAt })).body.code,
    ).toBe("3012");
    const byKey = await app.server.post(`/channels/${channel.id}/scheduled-messages`, { text: "hi", scheduledAt });
    expect(byKey.body.code).toBe("1023");
    expect((await app.server.get("/scheduled-messages")).body.code).toBe("1023");
  });
});

describe("editing and cancelling", () => {
  it("sends the edited text at the edited time, and nothing at the old time", async () => {
    const { kim, lee, channelId } = await room();
    const first = ahead(5 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "draft",
      scheduledAt: first,
    });
    const id = made.body.scheduledMessage.id;
    const later = ahead(60 * MINUTE);
    const edited = await lee.api.patch<Reply>(`/scheduled-messages/${id}`, { text: "final", scheduledAt: later });
    expect(edited.body.scheduledMessage).toMatchObject({ text: "final", scheduledAt: later, status: "scheduled" });

    await reach(first);
    expect(await texts(kim, channelId)).toEqual([]);
    await reach(later);
    expect(await texts(kim, channelId)).toEqual(["final"]);
  });

  it("refuses an edit to a time out of range with 3230 and keeps the message as it was", async () => {
    const { lee, channelId } = await room();
    const at = ahead(5 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, { text: "a", scheduledAt: at });
    const id = made.body.scheduledMessage.id;
    const refused = await lee.api.patch(`/scheduled-messages/${id}`, { text: "b", scheduledAt: ahead(1000) });
    expect(refused.body.code).toBe("3230");
    const kept = await lee.api.get<Reply>(`/scheduled-messages/${id}`);
    expect(kept.body.scheduledMessage).toMatchObject({ text: "a", scheduledAt: at });
  });

  it("never sends a cancelled message, and answers 3231 for it after", async () => {
    const { kim, lee, channelId } = await room();
    const at = ahead(5 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "oops",
      scheduledAt: at,
    });
    const id = made.body.scheduledMessage.id;
    expect((await lee.api.delete(`/scheduled-messages/${id}`)).status).toBe(200);
    await reach(at);
    expect(await texts(kim, channelId)).toEqual([]);
    expect((await lee.api.get(`/scheduled-messages/${id}`)).body.code).toBe("3231");
  });

  it("refuses to edit a message once it was sent with 3232 and its status", async () => {
    const { lee, channelId } = await room();
    const at = ahead(5 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "go",
      scheduledAt: at,
    });
    const id = made.body.scheduledMessage.id;
    await reach(at);
    const refused = await lee.api.patch(`/scheduled-messages/${id}`, { text: "too late" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "3232", data: { status: "sent" } });
  });
});

describe("a sender who may no longer post at the time", () => {
  type Room = Awaited<ReturnType<typeof room>>;
  const cases: [string, string, (r: Room) => Promise<unknown>][] = [
    ["banned", "3023", (r) => r.app.server.post(`/channels/${r.channelId}/members/lee/ban`, {})],
    ["muted", "3022", (r) => r.app.server.post(`/channels/${r.channelId}/members/lee/mute`, { minutes: 600 })],
    ["in a frozen channel", "3021", (r) => r.app.server.post(`/channels/${r.channelId}/freeze`, {})],
    ["gone from the channel", "3020", (r) => r.lee.api.post(`/channels/${r.channelId}/leave`, {})],
    ["in a deleted channel", "3007", (r) => r.app.server.delete(`/channels/${r.channelId}`)],
  ];

  it.each(cases)("when %s, the message ends failed with %s and nothing is sent", async (_, code, change) => {
    const r = await room();
    const at = ahead(5 * MINUTE);
    const made = await r.lee.api.post<Reply>(`/channels/${r.channelId}/scheduled-messages`, {
      text: "still here?",
      scheduledAt: at,
    });
    const id = made.body.scheduledMessage.id;
    const changed = (await change(r)) as { status: number };
    expect(changed.status).toBe(200);
    await reach(at);
    const failed = await r.lee.api.get<Reply>(`/scheduled-messages/${id}`);
    expect(failed.body.scheduledMessage).toMatchObject({ status: "failed", errorCode: code, messageId: null });
    expect(failed.body.scheduledMessage.finishedAt).not.toBeNull();
    if (code !== "3007") expect(await texts(r.kim, r.channelId)).toEqual([]);
    const listed = await r.lee.api.get<TScheduledMessagesPage>("/scheduled-messages?status=failed");
    expect(listed.body.scheduledMessages.map((m) => m.id)).toEqual([id]);
  });
});

describe("slow mode at the time", () => {
  it("waits for the member's turn instead of failing with 3206, then sends", async () => {
    const { app, kim, lee, channelId } = await room();
    expect((await app.server.patch(`/channels/${channelId}`, { slowModeSeconds: 60 })).status).toBe(200);
    const at = ahead(5 * MINUTE);
    const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
      text: "later",
      scheduledAt: at,
    });
    const id = made.body.scheduledMessage.id;
    t.clock.set(new Date(new Date(at).getTime() - 10_000));
    expect((await lee.api.post(`/channels/${channelId}/messages`, { text: "by hand" })).status).toBe(200);
    await reach(at);
    const waiting = (await lee.api.get<Reply>(`/scheduled-messages/${id}`)).body.scheduledMessage;
    expect(waiting).toMatchObject({ status: "scheduled", errorCode: null });
    expect(new Date(waiting.scheduledAt).getTime()).toBeGreaterThan(new Date(at).getTime());
    expect(await texts(kim, channelId)).toEqual(["by hand"]);
    await reach(waiting.scheduledAt);
    expect((await lee.api.get<Reply>(`/scheduled-messages/${id}`)).body.scheduledMessage.status).toBe("sent");
    expect(await texts(kim, channelId)).toEqual(["by hand", "later"]);
  });
});

/** A restart builds a whole second server: more than the default time on a busy machine. */
const RESTART_TIMEOUT_MS = 120_000;

describe("across a restart", () => {
  it(
    "sends a message scheduled before the restart once, after it",
    async () => {
      const { kim, lee, channelId } = await room();
      const at = ahead(5 * MINUTE);
      const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
        text: "later",
        scheduledAt: at,
      });
      const id = made.body.scheduledMessage.id;
      t = await t.restart();
      await reach(at);
      await reach(ahead(2 * MINUTE));
      const kimNow = { api: v1(t.server, kim.sessionToken) };
      expect(await texts(kimNow, channelId)).toEqual(["later"]);
      const sent = await v1(t.server, lee.sessionToken).get<Reply>(`/scheduled-messages/${id}`);
      expect(sent.body.scheduledMessage.status).toBe("sent");
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "finishes a send whose process died after storing the message, without a second message",
    async () => {
      const { kim, lee, channelId } = await room();
      const at = ahead(5 * MINUTE);
      const made = await lee.api.post<Reply>(`/channels/${channelId}/scheduled-messages`, {
        text: "once",
        scheduledAt: at,
      });
      const id = made.body.scheduledMessage.id;
      await reach(at);
      const stored = (await kim.api.get<TMessagesResponse>(`/channels/${channelId}/messages`)).body.messages[0];
      // As a process that died between storing the message and recording it leaves the row: claimed, not finished.
      await t.ctx.database.query(
        `update scheduled_messages set status = 'sending', claimed_at = $2, message_id = null, finished_at = null
       where id = $1`,
        [id, t.clock.now().toISOString()],
      );
      t = await t.restart();
      // Within the claim's lease nothing moves; past it the sweep takes the send up again.
      await reach(ahead(10_000));
      const lee2 = v1(t.server, lee.sessionToken);
      expect((await lee2.get<Reply>(`/scheduled-messages/${id}`)).body.scheduledMessage.status).toBe("sending");
      await reach(ahead(2 * MINUTE));
      const finished = (await lee2.get<Reply>(`/scheduled-messages/${id}`)).body.scheduledMessage;
      expect(finished).toMatchObject({ status: "sent", messageId: stored?.id });
      expect(await texts({ api: v1(t.server, kim.sessionToken) }, channelId)).toEqual(["once"]);
    },
    RESTART_TIMEOUT_MS,
  );
});
