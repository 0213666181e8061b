import { V } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";

/**
 * The shared input rules every route gets from the validator compiler and the JSON parser: text no database can
 * store is refused with a key, every field problem carries a VALIDATION key, ids stay within what the database
 * holds, and an empty JSON body is no body.
 */

let t: TestApp;
let chat: Awaited<ReturnType<typeof createChatApp>>;
let kim: Awaited<ReturnType<typeof chat.user>>;
let channelId: string;

beforeAll(async () => {
  t = await startTestApp();
  chat = await createChatApp(t);
  kim = await chat.user("kim");
  channelId = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body.channel.id;
});
afterAll(() => t?.close());

const contactForm = {
  name: "Jisoo Park",
  email: "jisoo@example.com",
  phone: "01012345678",
  category: "sales",
  description: "We would like a demo.",
  language: "ko",
};

describe("text no database can store", () => {
  it("answers 300 for a lone surrogate in message text", async () => {
    const res = await kim.api.post(`/channels/${channelId}/messages`, { text: "hello \ud800" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ path: "text", message: V.malformedText }] } });
  });

  it("answers 300 for a lone surrogate in message metadata, as a value or as a key", async () => {
    const value = await kim.api.post(`/channels/${channelId}/messages`, { text: "a", metadata: { k: "\udfff\ud800" } });
    expect(value.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "metadata.k", message: V.malformedText }] },
    });
    const key = await kim.api.post(`/channels/${channelId}/messages`, { text: "a", metadata: { "\ud800": "v" } });
    expect(key.body).toMatchObject({ code: "300", data: { fields: [{ message: V.malformedText }] } });
  });

  it("answers 300 for a lone surrogate in user metadata", async () => {
    const res = await chat.server.post("/users", { userId: "lee", nickname: "Lee", metadata: { team: "\ud800" } });
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "metadata.team", message: V.malformedText }] },
    });
  });

  it("answers 300 for a lone surrogate in the contact form", async () => {
    const res = await t.server.inject({
      method: "POST",
      url: "/api/auth/contactus",
      payload: { ...contactForm, description: "demo \udfff" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "300",
      data: { fields: [{ path: "description", message: V.malformedText }] },
    });
  });
});

describe("field problems", () => {
  it("answers 300 with VALIDATION_INVALID_VALUE for a contact form language outside the list", async () => {
    const res = await t.server.inject({
      method: "POST",
      url: "/api/auth/contactus",
      payload: { ...contactForm, language: "fr" },
    });
    expect(res.json()).toMatchObject({
      code: "300",
      data: { fields: [{ path: "language", message: V.invalidValue }] },
    });
  });

  it("answers 300 with VALIDATION_NUMBER_RANGE for a default member limit above the maximum", async () => {
    const res = await t.server.inject({
      method: "PUT",
      url: `/api/apps/${chat.appId}/admin`,
      headers: chat.dashboardAuth,
      payload: { allowAnonymousLogin: false, defaultMemberLimit: 1000 },
    });
    expect(res.json()).toMatchObject({
      code: "300",
      data: { fields: [{ path: "defaultMemberLimit", message: V.numberRange }] },
    });
  });

  it("answers 300 for an event cursor past bigint", async () => {
    const res = await kim.api.get("/events?after=99999999999999999999999");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ path: "after", message: V.numberRange }] } });
    expect((await kim.api.get("/events?after=9223372036854775807")).status).toBe(200);
  });

  it("answers 300 for a message sequence past PostgreSQL's integer", async () => {
    const res = await kim.api.get(`/channels/${channelId}/messages?before=2147483648`);
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ path: "before", message: V.numberRange }] } });
  });

  it("answers 300 for a list cursor dated outside PostgreSQL's range", async () => {
    const cursor = Buffer.from("-100000-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000").toString(
      "base64url",
    );
    const res = await chat.server.get(`/users?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
  });
});

describe("empty JSON bodies", () => {
  const emptyJson = (method: "POST" | "DELETE", url: string, token: string) =>
    t.server.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: "",
    });

  it("answers 301 for an empty JSON body on a route that takes a body", async () => {
    const res = await emptyJson("POST", "/v1/channels", kim.sessionToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "301", data: { fields: [{ path: "", message: V.required }] } });
  });

  it("answers 300 for a malformed JSON body still", async () => {
    const res = await t.server.inject({
      method: "POST",
      url: "/v1/channels",
      headers: { authorization: `Bearer ${kim.sessionToken}`, "content-type": "application/json" },
      payload: '{"name":',
    });
    expect(res.json().code).toBe("300");
  });

  it("accepts an empty JSON body on a route that takes none", async () => {
    const lee = await chat.user("lee");
    const joined = await lee.api.post(`/channels/${channelId}/join`, {});
    expect(joined.status).toBe(200);
    const left = await t.server.inject({
      method: "POST",
      url: `/v1/channels/${channelId}/leave`,
      headers: { authorization: `Bearer ${lee.sessionToken}`, "content-type": "application/json" },
      payload: "",
    });
    expect(left.statusCode).toBe(200);
    expect((await emptyJson("POST", "/v1/auth/logout", lee.sessionToken)).statusCode).toBe(200);
  });
});
