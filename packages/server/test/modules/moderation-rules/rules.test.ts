import {
  MODERATION_RULES_MAX,
  type TModerationReplayResponse,
  type TModerationRule,
  type TModerationTestResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { keywordRule, roomWithRules } from "./helpers";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

const remove = (url: string, token: string) =>
  t.server.inject({ method: "DELETE", url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });

describe("moderation rules of an app", () => {
  it("creates rules at the end of the order, updates, reorders and deletes them", async () => {
    const { base, token, saved } = await roomWithRules(t, [keywordRule("a"), keywordRule("b"), keywordRule("c")]);
    expect(saved.map((r) => [r.name, r.position, r.hits])).toEqual([
      ["no a", 0, 0],
      ["no b", 1, 0],
      ["no c", 2, 0],
    ]);
    const [a, b, c] = saved as [TModerationRule, TModerationRule, TModerationRule];
    const updated = await api.put<{ rule: TModerationRule }>(
      `${base}/${b.id}`,
      keywordRule("b", { name: "renamed", enabled: false }),
      token,
    );
    expect(updated.body.rule).toMatchObject({ id: b.id, name: "renamed", enabled: false, position: 1 });
    const order = await api.put<{ rules: TModerationRule[] }>(`${base}/order`, { ruleIds: [c.id, a.id, b.id] }, token);
    expect(order.body.rules.map((r) => [r.name, r.position])).toEqual([
      ["no c", 0],
      ["no a", 1],
      ["renamed", 2],
    ]);
    expect((await remove(`${base}/${a.id}`, token)).statusCode).toBe(200);
    const listed = await api.get<{ rules: TModerationRule[] }>(base, token);
    expect(listed.body.rules.map((r) => r.name)).toEqual(["no c", "renamed"]);
    expect((await remove(`${base}/${a.id}`, token)).json()).toMatchObject({ code: "3194" });
  });

  it("refuses a reorder that leaves out or repeats a rule with 3196", async () => {
    const { base, token, saved } = await roomWithRules(t, [keywordRule("a"), keywordRule("b")]);
    const [a] = saved as [TModerationRule];
    expect((await api.put(`${base}/order`, { ruleIds: [a.id] }, token)).body.code).toBe("3196");
    expect((await api.put(`${base}/order`, { ruleIds: [a.id, a.id] }, token)).body.code).toBe("3196");
  });

  it("refuses a second rule of one name with 3195", async () => {
    const { base, token } = await roomWithRules(t, [keywordRule("a")]);
    expect((await api.post(base, keywordRule("a"), token)).body.code).toBe("3195");
  });

  it(`refuses rule ${MODERATION_RULES_MAX + 1} with 3193`, async () => {
    const app = await createChatApp(t);
    const base = `/apps/${app.appId}/moderation/rules`;
    for (let i = 0; i < MODERATION_RULES_MAX; i++) {
      expect((await api.post(base, keywordRule(`w${i}`), app.owner.token)).status).toBe(200);
    }
    expect((await api.post(base, keywordRule("one-more"), app.owner.token)).body.code).toBe("3193");
  });

  it.each([
    ["a mask on a condition without text", { condition: { kind: "caps", percent: 50, minLength: 5 } }],
    ["a new-user condition without a limit", { condition: { kind: "newUser" }, action: { kind: "flag" } }],
    ["a domain with a path", { condition: { kind: "links", mode: "deny", domains: ["evil.com/x"] } }],
    ["an unsafe regex", { condition: { kind: "keywords", matchMode: "exact", keywords: [], regexes: ["(a+)+"] } }],
    ["a mute of no minutes", { action: { kind: "mute", minutes: 0 } }],
  ])("refuses %s with 300", async (_, change) => {
    const app = await createChatApp(t);
    const rule = { ...keywordRule("a", { action: { kind: "mask" } }), ...change };
    const res = await api.post(`/apps/${app.appId}/moderation/rules`, rule, app.owner.token);
    expect(res.body.code).toBe("300");
  });

  it("answers 3003 for another account's app, and saves the engine's switch", async () => {
    const app = await createChatApp(t);
    const other = await createAccount(t);
    const base = `/apps/${app.appId}/moderation/rules`;
    expect((await api.get(base, other.token)).body.code).toBe("3003");
    expect((await api.post(base, keywordRule("a"), other.token)).body.code).toBe("3003");
    expect((await api.get(`${base}/settings`, app.owner.token)).body).toEqual({ enabled: false });
    expect((await api.put(`${base}/settings`, { enabled: true }, app.owner.token)).body).toEqual({ enabled: true });
    expect((await api.get(`${base}/settings`, app.owner.token)).body).toEqual({ enabled: true });
  });
});

describe("trying a message", () => {
  it("answers what the saved rules would do as a user in a channel, acting on nothing and counting nothing", async () => {
    const room = await roomWithRules(t, [
      keywordRule("darn", { action: { kind: "mask" } }),
      keywordRule("spam", { action: { kind: "mute", minutes: 5 } }),
    ]);
    const tried = await api.post<TModerationTestResponse>(
      `${room.base}/test`,
      { text: "darn spam", userId: "kim", channelId: room.channelId },
      room.token,
    );
    expect(tried.status).toBe(200);
    expect(tried.body.outcome).toMatchObject({ refusedBy: 1, muteMinutes: 5, text: "darn spam" });
    expect(tried.body.outcome.fired.map((f) => [f.name, f.matched])).toEqual([
      ["no darn", ["darn"]],
      ["no spam", ["spam"]],
    ]);
    expect(await room.hits()).toEqual([
      ["no darn", 0],
      ["no spam", 0],
    ]);
    expect((await room.send("hello")).status).toBe(200);
  });

  it("tries a draft rule set with a file, whether or not the engine is on", async () => {
    const room = await roomWithRules(t, [], { enabled: false });
    const tried = await api.post<TModerationTestResponse>(
      `${room.base}/test`,
      {
        text: "",
        userId: "lee",
        channelId: room.channelId,
        file: { name: "setup.exe", mimeType: "application/octet-stream", size: 10 },
        rules: [
          {
            name: "no programs",
            enabled: true,
            channelTypes: [],
            condition: { kind: "file", kinds: [".exe"] },
            action: { kind: "block" },
          },
        ],
      },
      room.token,
    );
    expect(tried.body.outcome).toMatchObject({ refusedBy: 0, fired: [{ ruleId: null, name: "no programs" }] });
  });

  it("counts the user's recent messages from the database for a repeat rule", async () => {
    const repeat = {
      name: "repeat",
      enabled: true,
      channelTypes: [],
      condition: { kind: "repeat" as const, count: 2, seconds: 60 },
      action: { kind: "flag" as const },
    };
    const room = await roomWithRules(t, [], { enabled: false });
    const body = { text: "hello", userId: "kim", channelId: room.channelId, rules: [repeat] };
    expect((await api.post<TModerationTestResponse>(`${room.base}/test`, body, room.token)).body.outcome.fired).toEqual(
      [],
    );
    await room.send("hello");
    const after = await api.post<TModerationTestResponse>(`${room.base}/test`, body, room.token);
    expect(after.body.outcome.isFlagged).toBe(true);
  });

  it("answers 3018 for a user the app does not have and 3007 for a channel it does not have", async () => {
    const room = await roomWithRules(t, []);
    const url = `${room.base}/test`;
    expect(
      (await api.post(url, { text: "a", userId: "nobody", channelId: room.channelId }, room.token)).body.code,
    ).toBe("3018");
    const channelId = "00000000-0000-4000-8000-000000000000";
    expect((await api.post(url, { text: "a", userId: "kim", channelId }, room.token)).body.code).toBe("3007");
  });
});

describe("replaying a rule set", () => {
  it("counts per rule and per action over the last messages, with a sample, saving and acting on nothing", async () => {
    const room = await roomWithRules(t, [], { enabled: false });
    for (const text of ["hello", "buy spam", "SPAM SPAM", "fine", "darn it"]) {
      await room.send(text);
      t.clock.advance(1000);
    }
    const rules = [
      keywordRule("spam", { action: { kind: "ban" } }),
      keywordRule("darn", { action: { kind: "mask" } }),
      keywordRule("hello", { action: { kind: "flag" } }),
    ];
    const res = await api.post<TModerationReplayResponse>(`${room.base}/replay`, { limit: 4, rules }, room.token);
    expect(res.status).toBe(200);
    expect(res.body.scanned).toBe(4);
    expect(res.body.perRule.map((r) => r.hits)).toEqual([2, 1, 0]);
    expect(res.body.perAction).toMatchObject({ ban: 2, mask: 1, flag: 0, block: 0 });
    expect(res.body.sample.map((s) => [s.text, s.outcome.text])).toEqual([
      ["darn it", "**** it"],
      ["SPAM SPAM", "SPAM SPAM"],
      ["buy spam", "buy spam"],
    ]);
    expect((await room.send("spam again")).status).toBe(200);
    expect((await api.get<{ rules: unknown[] }>(room.base, room.token)).body.rules).toEqual([]);
  });

  it(`refuses a replay of more than 1,000 messages with 300`, async () => {
    const room = await roomWithRules(t, []);
    expect((await api.post(`${room.base}/replay`, { limit: 1001 }, room.token)).body.code).toBe("300");
  });
});
