import type { TAckFrame, TAuditPage, TReportTargetsPage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { openSocket } from "../../ws-client";
import { keywordRule, roomWithRules } from "./helpers";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

describe("moderation rules on a send", () => {
  it("refuses a blocked message with 3192 naming the rule, stores nothing and counts one hit", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    const res = await room.send("buy SPAM now");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "3192", data: { rule: { id: room.saved[0]?.id, name: "no spam" } } });
    expect(await room.history()).toEqual([]);
    // The fast path refuses first and the full path again: the hit is counted once.
    expect(await room.hits()).toEqual([["no spam", 1]]);
  });

  it("masks what a mask rule matches and delivers the rest", async () => {
    const room = await roomWithRules(t, [
      keywordRule("darn", { action: { kind: "mask" } }),
      {
        name: "no evil links",
        enabled: true,
        channelTypes: [],
        condition: { kind: "links", mode: "deny", domains: ["evil.com"] },
        action: { kind: "mask" },
      },
    ]);
    const sent = await room.send("darn, see WWW.EVIL.COM/x.");
    expect(sent.body.message.text).toBe("****, see **************.");
    expect(await room.history()).toEqual(["****, see **************."]);
    expect(await room.hits()).toEqual([
      ["no darn", 1],
      ["no evil links", 1],
    ]);
  });

  it("does nothing while the engine is switched off", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")], { enabled: false });
    expect((await room.send("spam")).status).toBe(200);
    expect(await room.hits()).toEqual([["no spam", 0]]);
  });

  it("leaves the app server's admin messages alone", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    const res = await room.app.server.post(`/channels/${room.channelId}/messages`, { text: "spam" });
    expect(res.status).toBe(200);
  });

  it("applies only to the rule's channel types", async () => {
    const room = await roomWithRules(t, [keywordRule("spam", { channelTypes: ["private"] })]);
    expect((await room.send("spam")).status).toBe(200);
  });

  it("sends a flagged message and puts it in the report queue once, by the rule, with an audit entry", async () => {
    const room = await roomWithRules(t, [keywordRule("scam", { name: "scam watch", action: { kind: "flag" } })]);
    const sent = await room.send("a scam offer");
    expect(sent.status).toBe(200);
    const queue = await room.api.get<TReportTargetsPage>(`/apps/${room.app.appId}/reports`, room.token);
    expect(queue.body.targets).toHaveLength(1);
    expect(queue.body.targets[0]).toMatchObject({ messageId: sent.body.message.id, userId: "kim", reportCount: 1 });
    expect(queue.body.targets[0]?.reports[0]).toMatchObject({ reason: "other", description: "scam watch" });
    const log = await room.api.get<TAuditPage>(`/apps/${room.app.appId}/audit`, room.token);
    const entries = log.body.entries.filter((e) => e.actor.kind === "rule");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "rule.flag", actor: { id: room.saved[0]?.id, label: "scam watch" } });
    expect(await room.hits()).toEqual([["scam watch", 1]]);
  });

  it("marks a shadow rule's message shadowed and audits it", async () => {
    const room = await roomWithRules(t, [keywordRule("psst", { action: { kind: "shadow" } })]);
    expect((await room.send("psst")).status).toBe(200);
    const log = await room.api.get<TAuditPage>(`/apps/${room.app.appId}/audit`, room.token);
    expect(log.body.entries.filter((e) => e.actor.kind === "rule").map((e) => e.action)).toEqual(["rule.shadow"]);
  });

  it("refuses with 3188 and mutes the sender in the channel for the rule's minutes, once", async () => {
    const room = await roomWithRules(t, [keywordRule("spam", { action: { kind: "mute", minutes: 10 } })]);
    const res = await room.send("spam");
    expect(res.body.code).toBe("3188");
    expect((await room.send("hello")).body.code).toBe("3022");
    t.clock.advance(11 * 60_000);
    expect((await room.send("hello again")).status).toBe(200);
    const log = await room.api.get<TAuditPage>(`/apps/${room.app.appId}/audit`, room.token);
    const muted = log.body.entries.filter((e) => e.actor.kind === "rule");
    expect(muted.map((e) => [e.action, e.request.minutes])).toEqual([["rule.mute", 10]]);
  });

  it("refuses with 3189 and bans the sender from the channel", async () => {
    const room = await roomWithRules(t, [keywordRule("spam", { action: { kind: "ban" } })]);
    expect((await room.send("spam")).body.code).toBe("3189");
    expect((await room.kim.api.post(`/channels/${room.channelId}/join`)).body.code).toBe("3023");
    expect(await room.hits()).toEqual([["no spam", 1]]);
  });

  it("refuses the third identical message within the window, counted from the database", async () => {
    const room = await roomWithRules(t, [
      {
        name: "repeat",
        enabled: true,
        channelTypes: [],
        condition: { kind: "repeat", count: 3, seconds: 60 },
        action: { kind: "block" },
      },
    ]);
    expect((await room.send("buy now")).status).toBe(200);
    expect((await room.send("Buy  now")).status).toBe(200);
    expect((await room.send("something else")).status).toBe(200);
    expect((await room.send("buy now")).body.code).toBe("3192");
    t.clock.advance(61_000);
    expect((await room.send("buy now")).status).toBe(200);
  });

  it("refuses a flood: the fourth message within 10 seconds", async () => {
    const room = await roomWithRules(t, [
      {
        name: "flood",
        enabled: true,
        channelTypes: [],
        condition: { kind: "flood", count: 4, seconds: 10 },
        action: { kind: "block" },
      },
    ]);
    for (const text of ["a", "b", "c"]) expect((await room.send(text)).status).toBe(200);
    expect((await room.send("d")).body.code).toBe("3192");
  });

  it("counts each sender's own recent messages when senders send at once, their reads made together", async () => {
    const room = await roomWithRules(t, [
      {
        name: "flood",
        enabled: true,
        channelTypes: [],
        condition: { kind: "flood", count: 3, seconds: 10 },
        action: { kind: "block" },
      },
    ]);
    const leeSend = (text: string) =>
      room.lee.api.post<{ message: { id: string } }>(`/channels/${room.channelId}/messages`, { text });
    for (const round of ["1", "2"]) {
      const answers = await Promise.all([room.send(`kim ${round}`), leeSend(`lee ${round}`)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    }
    const thirds = await Promise.all([room.send("kim 3"), leeSend("lee 3")]);
    expect(thirds.map((a) => a.body.code)).toEqual(["3192", "3192"]);
    t.clock.advance(11_000);
    expect((await leeSend("lee 4")).status).toBe(200);
  });

  it("refuses too many mentions, too many capitals, and a new member's first messages", async () => {
    const room = await roomWithRules(t, [
      {
        name: "mentions",
        enabled: true,
        channelTypes: [],
        condition: { kind: "mentions", max: 2 },
        action: { kind: "block" },
      },
      {
        name: "caps",
        enabled: true,
        channelTypes: [],
        condition: { kind: "caps", percent: 80, minLength: 6 },
        action: { kind: "block" },
      },
      {
        name: "newcomer",
        enabled: true,
        channelTypes: [],
        condition: { kind: "newUser", firstMessages: 1 },
        action: { kind: "flag" },
      },
    ]);
    expect((await room.send("@lee @kim hi")).body.message).toMatchObject({ text: "@lee @kim hi" });
    expect((await room.send("@lee @kim @bob hi")).body.code).toBe("3192");
    expect((await room.send("STOP SHOUTING")).body.code).toBe("3192");
    expect((await room.send("Stop now")).status).toBe(200);
    expect(await room.hits()).toEqual([
      ["mentions", 1],
      ["caps", 1],
      ["newcomer", 1],
    ]);
  });

  it("runs the rules on an edit: a blocked edit is refused and the message keeps its text", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    const sent = await room.send("hello");
    const edit = await room.kim.api.patch(`/channels/${room.channelId}/messages/${sent.body.message.id}`, {
      text: "spam",
    });
    expect(edit.body.code).toBe("3192");
    expect(await room.history()).toEqual(["hello"]);
  });

  it("stores an edit a shadow rule catches shadowed: the others stop reading the message, its sender still does", async () => {
    const room = await roomWithRules(t, [keywordRule("psst", { action: { kind: "shadow" } })]);
    const sent = await room.send("hello");
    const path = `/channels/${room.channelId}/messages`;
    const edit = await room.kim.api.patch<{ message: { text: string } }>(`${path}/${sent.body.message.id}`, {
      text: "psst",
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message.text).toBe("psst");
    expect(await room.history()).toEqual([]);
    const own = await room.kim.api.get<{ messages: { text: string }[] }>(path);
    expect(own.body.messages.map((m) => m.text)).toEqual(["psst"]);
    const reacted = await room.lee.api.post(`${path}/${sent.body.message.id}/reactions`, { reaction: "like" });
    expect(reacted.body.code).toBe("3026");
  });

  it("refuses over the WebSocket's message.send as over REST, counting one hit", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    const socket = await openSocket(wsUrl, { token: room.kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    socket.send({ type: "message.send", requestId: "r1", channelId: room.channelId, body: { text: "spam" } });
    const ack = (await socket.next((f) => f.type === "ack" && f.requestId === "r1")) as TAckFrame;
    expect("error" in ack ? ack.error.code : null).toBe("3192");
    socket.ws.close();
    expect(await room.hits()).toEqual([["no spam", 1]]);
  });
});
