import type { TChatEvent, TMessage } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkPreviewCache } from "../../../src/db/schema";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { BIG_PAGE_BYTES, type PageServer, startPageServer } from "../../page-server";
import { openSocket } from "../../ws-client";

let t: TestApp;
let pages: PageServer;
let wsUrl: string;

beforeAll(async () => {
  pages = await startPageServer();
  // Short enough for the slow page's test, long enough that a busy machine does not time out the others.
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK, LINK_PREVIEW_TIMEOUT_MS: "2000" } });
  wsUrl = await listenForSockets(t);
});
afterAll(async () => {
  await t?.close();
  await pages?.close();
});

type Messages = { messages: TMessage[] };
type Events = { events: TChatEvent[] };

let unique = 0;
/** A page's link, made unique so that no other test's (or run's) cached preview answers it. */
const link = (path: string) => `${pages.url}${path}?n=${Date.now()}-${++unique}`;

/** An app (previews on unless told otherwise), and kim and lee in one channel. */
async function room(options: { enabled?: boolean } = {}) {
  const app = await createChatApp(t);
  if (options.enabled === false) {
    const off = await client(t.server).put(
      `/apps/${app.appId}/link-previews/enabled`,
      { enabled: false },
      app.owner.token,
    );
    expect(off.status).toBe(200);
  }
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const send = async (text: string, who = kim) =>
    (await who.api.post<{ message: TMessage }>(base, { text })).body.message;
  const read = async (id: string, who = lee) =>
    (await who.api.get<Messages>(base)).body.messages.find((m) => m.id === id);
  return { app, kim, lee, channelId: channel.id, base, send, read };
}

describe("link previews", () => {
  it("reads an Open Graph page into the message's preview, with the image made absolute", async () => {
    const { send, read } = await room();
    const url = link("/og");
    const sent = await send(`look at this: ${url}.`);
    expect(sent.linkPreview).toBeUndefined();
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toEqual({
      url,
      title: "Parley & friends",
      description: "Chat for every app",
      imageUrl: `${pages.url}/images/card.png`,
      siteName: "Parley Blog",
    });
  });

  it("reads a plain page's title and meta description, ignoring comments and scripts", async () => {
    const { send, read } = await room();
    const url = link("/plain");
    const sent = await send(url);
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toEqual({
      url,
      title: "A plain page",
      description: "Only the basics — no cards",
      imageUrl: null,
      siteName: null,
    });
  });

  it("reads the Twitter card when a page has no Open Graph tags", async () => {
    const { send, read } = await room();
    const sent = await send(link("/twitter"));
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toMatchObject({
      title: "From the Twitter card",
      imageUrl: "https://cdn.example.com/t.jpg",
    });
  });

  it("decodes a Korean page served as EUC-KR by its meta charset", async () => {
    const { send, read } = await room();
    const sent = await send(`오늘 뉴스 ${link("/korean")}`);
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toMatchObject({ title: "한국어 뉴스", description: "서울의 오늘 날씨" });
  });

  it("stops reading an oversized page at the cap and still previews its head", async () => {
    const { send, read } = await room();
    const sent = await send(link("/big"));
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview?.title).toBe("A very long page");
    expect(pages.bigPageBytesWritten()).toBeLessThan(BIG_PAGE_BYTES);
  });

  it("gives up on a page slower than the time cap and leaves the message unchanged", async () => {
    const { send, read, lee } = await room();
    const sent = await send(`slow ${link("/slow")}`);
    await t.jobsIdle();
    const message = await read(sent.id);
    expect(message?.linkPreview).toBeUndefined();
    expect(message?.text).toBe(sent.text);
    const { events } = (await lee.api.get<Events>("/events")).body;
    expect(events.filter((e) => e.message?.id === sent.id).map((e) => e.type)).toEqual(["message.created"]);
  });

  it("refuses a redirect to a guarded address, and follows one to an allowed page", async () => {
    const { send, read } = await room();
    const guarded = await send(link("/to-guarded"));
    const hop = await send(link("/hop"));
    await t.jobsIdle();
    expect((await read(guarded.id))?.linkPreview).toBeUndefined();
    expect((await read(hop.id))?.linkPreview?.title).toBe("Parley & friends");
  });

  it("makes no preview of an answer that is not HTML", async () => {
    const { send, read } = await room();
    const sent = await send(link("/json"));
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toBeUndefined();
    expect(pages.requests()).toContain("/json");
  });

  it("fetches nothing while the app has previews off, and the dashboard reads the switch back", async () => {
    const { send, read, app } = await room({ enabled: false });
    const before = pages.requests().length;
    const sent = await send(link("/og"));
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toBeUndefined();
    expect(pages.requests()).toHaveLength(before);
    const state = await client(t.server).get(`/apps/${app.appId}/link-previews/enabled`, app.owner.token);
    expect(state.body).toEqual({ enabled: false });
  });

  it("tells another member's socket with message.updated when the preview lands", async () => {
    const { send, lee } = await room();
    const socket = await openSocket(wsUrl, { token: lee.sessionToken });
    await socket.next((f) => f.type === "ready");
    const sent = await send(link("/og"));
    const updated = await socket.event("message.updated", (e) => e.message?.id === sent.id);
    expect(updated.message?.linkPreview?.title).toBe("Parley & friends");
    socket.ws.close();
  });

  it("lets the sender remove the preview for everyone, and it stays off for that link on edit", async () => {
    const { send, read, kim, lee, base } = await room();
    const url = link("/og");
    const sent = await send(`see ${url}`);
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toBeDefined();

    const refused = await lee.api.delete(`${base}/${sent.id}/link-preview`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "3250" });

    const removed = await kim.api.delete<{ message: TMessage }>(`${base}/${sent.id}/link-preview`);
    expect(removed.status).toBe(200);
    expect(removed.body.message.linkPreview).toBeUndefined();
    expect((await read(sent.id))?.linkPreview).toBeUndefined();
    const { events } = (await lee.api.get<Events>("/events")).body;
    const updates = events.filter((e) => e.type === "message.updated" && e.message?.id === sent.id);
    expect(updates.map((e) => e.message?.linkPreview?.title ?? null)).toEqual(["Parley & friends", null]);

    // The same link kept through an edit stays without its preview; another link gets its own.
    await kim.api.patch(`${base}/${sent.id}`, { text: `see ${url} again` });
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview).toBeUndefined();
    await kim.api.patch(`${base}/${sent.id}`, { text: `now ${link("/plain")}` });
    await t.jobsIdle();
    expect((await read(sent.id))?.linkPreview?.title).toBe("A plain page");
  });

  it("shows a shadowed message's preview to its sender only", async () => {
    const { app, send, read, kim, lee } = await room();
    expect((await app.server.put("/users/kim/shadow-ban")).status).toBe(200);
    const socket = await openSocket(wsUrl, { token: kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    const sent = await send(link("/og"));
    const updated = await socket.event("message.updated", (e) => e.message?.id === sent.id);
    expect(updated.message?.linkPreview?.title).toBe("Parley & friends");
    socket.ws.close();
    expect((await read(sent.id, kim))?.linkPreview?.title).toBe("Parley & friends");
    expect(await read(sent.id, lee)).toBeUndefined();
    const { events } = (await lee.api.get<Events>("/events")).body;
    expect(events.filter((e) => e.message?.id === sent.id)).toEqual([]);
  });

  it("reads a page once while its preview is fresh, and the daily sweep removes it once expired", async () => {
    const { send, read } = await room();
    const url = link("/og");
    const fetched = () => pages.requests().filter((path) => path === "/og").length;
    const cached = async () =>
      (await t.ctx.database.db.select().from(linkPreviewCache).where(eq(linkPreviewCache.url, url))).length;
    const first = await send(`first ${url}`);
    await t.jobsIdle();
    expect((await read(first.id))?.linkPreview?.title).toBe("Parley & friends");
    const once = fetched();
    const second = await send(`second ${url}`);
    await t.jobsIdle();
    expect((await read(second.id))?.linkPreview?.title).toBe("Parley & friends");
    expect(fetched()).toBe(once);

    await t.jobHandlers.get("link-previews.sweep")?.handle({}, { jobId: "test" });
    expect(await cached()).toBe(1);
    t.clock.advance(25 * 60 * 60 * 1000);
    await t.jobHandlers.get("link-previews.sweep")?.handle({}, { jobId: "test" });
    expect(await cached()).toBe(0);
    await send(`third ${url}`);
    await t.jobsIdle();
    expect(fetched()).toBe(once + 1);
  });
});
