import type { TModerationTestResponse } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { keywordRule, roomWithRules } from "./helpers";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PATH = "/moderation/rules/test";

describe("the app's server trying a message against the moderation rules", () => {
  it("answers what the dashboard's tester answers, with the saved rules, acting on nothing", async () => {
    const room = await roomWithRules(t, [
      keywordRule("darn", { action: { kind: "mask" } }),
      keywordRule("spam", { action: { kind: "mute", minutes: 5 } }),
    ]);
    const body = { text: "darn spam", userId: "kim", channelId: room.channelId };
    const asServer = await room.app.server.post<TModerationTestResponse>(PATH, body);
    expect(asServer.status).toBe(200);
    const asDashboard = await client(t.server).post<TModerationTestResponse>(`${room.base}/test`, body, room.token);
    expect(asServer.body).toEqual(asDashboard.body);
    expect(asServer.body.outcome).toMatchObject({ refusedBy: 1, muteMinutes: 5 });
    expect(await room.hits()).toEqual([
      ["no darn", 0],
      ["no spam", 0],
    ]);
    // Nor was kim muted by the try: a plain message still goes.
    expect((await room.send("hello")).status).toBe(200);
  });

  it("tries a draft rule set instead of the saved rules when one is given", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    const tried = await room.app.server.post<TModerationTestResponse>(PATH, {
      text: "spam and eggs",
      userId: "lee",
      channelId: room.channelId,
      rules: [keywordRule("eggs", { action: { kind: "flag" } })],
    });
    expect(tried.status).toBe(200);
    expect(tried.body.outcome).toMatchObject({ refusedBy: null, isFlagged: true });
    expect(tried.body.outcome.fired.map((f) => [f.ruleId, f.name])).toEqual([[null, "no eggs"]]);
  });

  it("refuses a user's session with 1023, and answers 3018 and 3007 for what the app does not have", async () => {
    const room = await roomWithRules(t, []);
    const asUser = await room.kim.api.post(PATH, { text: "hi", userId: "kim", channelId: room.channelId });
    expect(asUser.body.code).toBe("1023");
    const nobody = await room.app.server.post(PATH, { text: "hi", userId: "nobody", channelId: room.channelId });
    expect(nobody.body.code).toBe("3018");
    const other = await createChatApp(t);
    await other.user("kim");
    const elsewhere = await other.server.post(PATH, { text: "hi", userId: "kim", channelId: room.channelId });
    expect(elsewhere.body.code).toBe("3007");
  });
});
