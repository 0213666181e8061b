import type { TAppMessageSearchResponse, TChannel } from "@parley/contract";
import { afterEach, describe, expect, it } from "vitest";
import { mergeSearchPending } from "../../../src/modules/messages";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Sends three messages and answers what the dashboard search finds for "deploy". */
async function sendAndSearch(app: TestApp) {
  const chat = await createChatApp(app);
  const kim = await chat.user("kim");
  const room = await kim.api.post<{ channel: TChannel }>("/channels", { name: "Lounge" });
  for (const text of ["deploying tonight", "the deploy went fine", "lunch?"]) {
    expect((await kim.api.post(`/channels/${room.body.channel.id}/messages`, { text })).status).toBe(200);
  }
  return async () => {
    const res = await app.server.inject({
      method: "GET",
      url: `/api/apps/${chat.appId}/messages/search?q=deploy`,
      headers: chat.dashboardAuth,
    });
    return (res.json() as TAppMessageSearchResponse).results.map((r) => r.message.text).sort();
  };
}

/** The server's merge interval in these tests, short so that a wait of a few of them is short. */
const MERGE_MS = 200;
const waitIntervals = (n: number) => new Promise((resolve) => setTimeout(resolve, MERGE_MS * n));

describe("the message search index's pending entries", () => {
  it("are found by search before they are merged, and after", async () => {
    t = await startTestApp({ env: { SEARCH_MERGE_MS: "0" } });
    const found = await sendAndSearch(t);
    expect(await found()).toEqual(["deploying tonight", "the deploy went fine"]);
    expect(await mergeSearchPending(t.ctx.database)).toBeGreaterThan(0);
    expect(await mergeSearchPending(t.ctx.database)).toBe(0);
    expect(await found()).toEqual(["deploying tonight", "the deploy went fine"]);
  });

  it("are merged by the server itself, outside any send", async () => {
    t = await startTestApp({ env: { SEARCH_MERGE_MS: String(MERGE_MS) } });
    await sendAndSearch(t);
    await waitIntervals(5);
    expect(await mergeSearchPending(t.ctx.database)).toBe(0);
  });
});
