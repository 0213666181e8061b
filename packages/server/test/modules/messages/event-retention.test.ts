import { DAY_MS, type ErrorData, type TChatEvent, type TEventsResponse, type TServerFrame } from "@parley/contract";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toEvent } from "../../../src/chat/events";
import { chatEventHorizons, chatEvents } from "../../../src/db/schema";
import { planPush } from "../../../src/modules/push/plan";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { readySocketsAt } from "../../ws-client";

/** Shorter than the default of 14 days, so that the test also shows the setting is what the server goes by. */
const RETENTION_DAYS = 3;
const RETENTION_SECONDS = RETENTION_DAYS * 86_400;

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp({ env: { EVENT_RETENTION_DAYS: String(RETENTION_DAYS) } });
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type EventsAnswer = TEventsResponse & { code?: string; data?: ErrorData };

/** The daily job, run now: what its 05:11 slot does. */
async function prune() {
  const handler = t.jobHandlers.get("events.prune");
  if (!handler) throw new Error("no events.prune job");
  await handler.handle({}, { jobId: "test" });
}

/** Moves the clock just past the retention of everything stored so far. */
const pastRetention = () => t.clock.advance(RETENTION_DAYS * DAY_MS + 60_000);

/** The events stored for an app (of one channel, when given), oldest first. */
async function storedEvents(appId: string, channelId?: string): Promise<TChatEvent[]> {
  const rows = await t.ctx.database.db
    .select()
    .from(chatEvents)
    .where(and(eq(chatEvents.appId, appId), channelId ? eq(chatEvents.channelId, channelId) : undefined))
    .orderBy(asc(chatEvents.id));
  return rows.map(toEvent);
}

async function horizonOf(appId: string): Promise<string | null> {
  const [row] = await t.ctx.database.db.select().from(chatEventHorizons).where(eq(chatEventHorizons.appId, appId));
  return row ? String(row.prunedThrough) : null;
}

/** An app with kim and lee in kim's channel. */
async function room(name = "Room") {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name, userIds: ["lee"] })).body;
  /** Sends a message as kim; answers the id of its `message.created` event. */
  async function say(text: string): Promise<string> {
    await kim.api.post(`/channels/${channel.id}/messages`, { text });
    const event = (await storedEvents(app.appId, channel.id)).findLast(
      (e) => e.type === "message.created" && e.message?.text === text,
    );
    if (!event) throw new Error(`no event for ${text}`);
    return event.id;
  }
  return { app, kim, lee, channelId: channel.id, say };
}

const texts = (events: TChatEvent[]) => events.flatMap((e) => (e.type === "message.created" ? [e.message?.text] : []));

describe("the event log's retention", () => {
  it("removes events older than the retention when the daily job runs, keeps newer ones, and records the app's horizon", async () => {
    const { app, say } = await room();
    const old = await say("old");
    pastRetention();
    await say("new");
    expect(await horizonOf(app.appId)).toBeNull();

    await prune();

    expect(texts(await storedEvents(app.appId))).toEqual(["new"]);
    expect(await horizonOf(app.appId)).toBe(old);
  });

  it("keeps events still inside the retention, to the last minute", async () => {
    const { app, say } = await room();
    await say("almost old");
    t.clock.advance(RETENTION_DAYS * DAY_MS - 60_000);
    await prune();
    expect(texts(await storedEvents(app.appId))).toEqual(["almost old"]);
    expect(await horizonOf(app.appId)).toBeNull();
  });

  it("answers 3140 with HTTP 410, the latest event id and the retention to a cursor below the horizon, or to none", async () => {
    const { lee, say } = await room();
    const before = await say("before");
    await say("old");
    pastRetention();
    const latest = await say("new");
    await prune();

    for (const cursor of [before, "0"]) {
      const expired = await lee.api.get<EventsAnswer>(`/events?after=${cursor}`);
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe("3140");
      expect(expired.body.data).toEqual({ lastEventId: latest, retentionSeconds: RETENTION_SECONDS });
    }
    // Without a cursor: the default is 0, which is older than what is kept.
    expect((await lee.api.get<EventsAnswer>("/events")).body.code).toBe("3140");
  });

  it("pages normally from a cursor at the horizon or past it", async () => {
    const { app, lee, say } = await room();
    await say("old");
    pastRetention();
    const first = await say("one");
    await say("two");
    await prune();
    const horizon = await horizonOf(app.appId);
    if (!horizon) throw new Error("nothing was pruned");

    const atHorizon = await lee.api.get<EventsAnswer>(`/events?after=${horizon}`);
    expect(atHorizon.status).toBe(200);
    expect(texts(atHorizon.body.events)).toEqual(["one", "two"]);

    const paged = await lee.api.get<EventsAnswer>(`/events?after=${horizon}&limit=1`);
    expect(texts(paged.body.events)).toEqual(["one"]);
    expect(paged.body.hasMore).toBe(true);
    const rest = await lee.api.get<EventsAnswer>(`/events?after=${first}`);
    expect(texts(rest.body.events)).toEqual(["two"]);
    expect(rest.body.hasMore).toBe(false);
  });

  it("gives a latest event id no older than the horizon, so a client that starts again from it catches up", async () => {
    // Every event is old: the log keeps only what the deletion push needs, all below the horizon.
    const { app, kim, lee, say } = await room();
    const old = await say("old");
    pastRetention();
    await prune();
    expect(await horizonOf(app.appId)).toBe(old);

    const expired = await lee.api.get<EventsAnswer>("/events?after=0");
    expect(expired.body.data?.lastEventId).toBe(old);
    const [socket] = await readySocketsAt(wsUrl, { token: kim.sessionToken });
    const ready = (await socket.next((f) => f.type === "ready")) as Extract<TServerFrame, { type: "ready" }>;
    expect(ready.lastEventId).toBe(old);
    socket.ws.close();

    const resumed = await lee.api.get<EventsAnswer>(`/events?after=${old}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.events).toEqual([]);
  });

  it("judges each app's cursor by that app's own horizon", async () => {
    const a = await room("A");
    const b = await room("B");
    const bOld = await b.say("b old");
    const aOld = await a.say("a old");
    pastRetention();
    await a.say("a new");
    await b.say("b new");
    await prune();
    expect([await horizonOf(a.app.appId), await horizonOf(b.app.appId)]).toEqual([aOld, bOld]);

    // B's horizon is below A's: a cursor between the two has missed nothing of B's, and may have missed A's events.
    const ofB = await b.lee.api.get<EventsAnswer>(`/events?after=${bOld}`);
    expect(ofB.status).toBe(200);
    expect(texts(ofB.body.events)).toEqual(["b new"]);
    expect((await a.lee.api.get<EventsAnswer>(`/events?after=${bOld}`)).body.code).toBe("3140");

    // An app that has pruned nothing answers any cursor, however far below other apps' horizons.
    const c = await room("C");
    await c.say("c");
    const ofC = await c.lee.api.get<EventsAnswer>("/events?after=0");
    expect(ofC.status).toBe(200);
    expect(texts(ofC.body.events)).toEqual(["c"]);
  });

  it("says how long events are kept in every events page and in the ready frame of both kinds of socket", async () => {
    const { app, lee } = await room();
    const page = await lee.api.get<EventsAnswer>("/events");
    expect(page.status).toBe(200);
    expect(page.body.retentionSeconds).toBe(RETENTION_SECONDS);

    const [user, dashboard] = await readySocketsAt(
      wsUrl,
      { token: lee.sessionToken },
      { token: app.owner.token, appId: app.appId },
    );
    for (const socket of [user, dashboard]) {
      const ready = (await socket.next((f) => f.type === "ready")) as Extract<TServerFrame, { type: "ready" }>;
      expect(ready.eventRetentionSeconds).toBe(RETENTION_SECONDS);
      socket.ws.close();
    }
  });

  it("keeps what the push of a channel's deletion reads back, and lets it go once the deletion is past the retention", async () => {
    const { app, kim, lee, channelId, say } = await room("Team");
    const park = await app.user("park");
    await park.api.post(`/channels/${channelId}/join`);
    await park.api.post(`/channels/${channelId}/leave`);
    expect((await kim.api.patch(`/channels/${channelId}`, { name: "Renamed" })).status).toBe(200);
    await say("old");
    pastRetention();
    await prune();

    // Each user's last membership event and the last snapshot stay; the rest of the channel's events are gone.
    const kept = (await storedEvents(app.appId, channelId)).map((e) => [e.type, e.userId ?? e.channel?.name]);
    expect(kept).toEqual([
      ["member.joined", "kim"],
      ["member.joined", "lee"],
      ["member.left", "park"],
      ["channel.changed", "Renamed"],
    ]);

    await kim.api.delete(`/channels/${channelId}`);
    const deletion = (await storedEvents(app.appId, channelId)).find((e) => e.type === "channel.deleted");
    if (!deletion) throw new Error("no channel.deleted event");
    const plan = await planPush(t.ctx.database.db, app.appId, "Chat", deletion);
    expect(plan?.channel.name).toBe("Renamed");
    expect(plan && "userIds" in plan.audience ? [...plan.audience.userIds].sort() : null).toEqual(["kim", "lee"]);
    // Catch-up never serves the kept events again: they are below the horizon.
    expect((await lee.api.get<EventsAnswer>(`/events?after=${await horizonOf(app.appId)}`)).body.events).toEqual([]);

    pastRetention();
    await prune();
    expect(await storedEvents(app.appId, channelId)).toEqual([]);
  });

  it("removes the old events of an app that is gone without recording a horizon for it", async () => {
    const { app, say } = await room();
    await say("old");
    // As closing or purging an account does: its apps go with it, their events stay behind.
    await t.ctx.database.query("delete from accounts where id = (select account_id from apps where id = $1)", [
      app.appId,
    ]);
    pastRetention();
    await prune();
    expect(await storedEvents(app.appId)).toEqual([]);
    expect(await horizonOf(app.appId)).toBeNull();
  });
});
