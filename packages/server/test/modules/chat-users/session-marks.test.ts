import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe("chat session marks", () => {
  it("marks sessions used after a minute together, each with its latest use, and counts each user once a day", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    t.clock.advance(2 * DAY_MS);
    const day = t.clock.now().toISOString().slice(0, 10);
    const leeAt = t.clock.now().toISOString();
    expect((await lee.api.get("/me")).status).toBe(200);
    t.clock.advance(5_000);
    const kimAt = t.clock.now().toISOString();
    for (const user of [kim, kim]) expect((await user.api.get("/me")).status).toBe(200);
    await t.services.chatUsers.flushSessionMarks();

    const next = new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    const [row] = await t.services.metrics.daily(app.appId, day, next);
    expect(row?.activeUserCount).toBe(2);
    const seen = async (userId: string) =>
      (await app.server.get<{ user: { lastSeenAt: string } }>(`/users/${userId}`)).body.user.lastSeenAt;
    expect(await seen("kim")).toBe(kimAt);
    expect(await seen("lee")).toBe(leeAt);

    // Within the minute nothing is marked again; the next day counts anew.
    expect((await kim.api.get("/me")).status).toBe(200);
    await t.services.chatUsers.flushSessionMarks();
    expect((await t.services.metrics.daily(app.appId, day, next))[0]?.activeUserCount).toBe(2);
  });
});
