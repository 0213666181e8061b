import { CHAT_API_PREFIX, chatApi } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../../src/app";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";
import { type JsonSchema, toJsonSchema } from "../hostile-values";

/**
 * The permission matrix of the chat API: every `/v1` route that names a resource in its path, called on app A's
 * resources with app B's API key, with B's end user, and with no credential. Each must be refused with a not-found
 * (or not-allowed) code and change nothing of A's; A's own key reaches the same route past validation, so the
 * refusals are about ownership and not about the input. Routes without a resource act on the caller's own app:
 * their answers to B never mention A's resources.
 */

/** Bodies the smallest-valid generator cannot guess, by route. */
const BODIES: Record<string, unknown> = {
  "PUT /v1/channels/:channelId/owner": { userId: "lee" },
  "POST /v1/channels/:channelId/members": { userIds: ["lee"] },
  "POST /v1/channels/:channelId/members/bulk": { add: ["lee"] },
  "POST /v1/channels/:channelId/members/:userId/mute": { minutes: 10 },
  "POST /v1/channels/:channelId/polls": { question: "Lunch?", options: ["Noodles", "Rice"] },
  "PUT /v1/channels/:channelId/polls/:pollId/votes": { optionIds: ["1"] },
  "PATCH /v1/scheduled-messages/:scheduledMessageId": { text: "later, again" },
};

/** Query strings of the routes that require one, by route. */
const QUERIES: Record<string, string> = {
  "GET /v1/channels/:channelId/messages/search": "?q=hello",
};

/**
 * What a caller of another app may hear about a resource that is not its app's. 3242 (another user's push
 * preferences) is answered before any lookup, so it says nothing of A's user.
 */
const REFUSALS = new Set([
  "3007",
  "3018",
  "3026",
  "3034",
  "3042",
  "3090",
  "3190",
  "3198",
  "3220",
  "3231",
  "3242",
  "1023",
]);

/**
 * Routes that name a channel type: a type is every app's, each with its own matrix of it, so another app's key reads
 * and sets its own and is checked by the lists' test below, not refused.
 */
const PER_APP = new Set([chatApi.permission].map((path) => `${CHAT_API_PREFIX}${path}`));

let t: TestApp;
let a: Awaited<ReturnType<typeof createChatApp>>;
let b: Awaited<ReturnType<typeof createChatApp>>;
let ids: Record<string, string>;
let bobToken: string;
let kimToken: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await createChatApp(t);
  b = await createChatApp(t);
  const kim = await a.user("kim");
  await a.user("lee");
  kimToken = kim.sessionToken;
  bobToken = (await b.user("bob")).sessionToken;
  expect((await a.server.post("/roles", { name: "vip" })).status).toBe(200);
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "A's room" })).body;
  const { message } = (
    await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, { text: "private to A" })
  ).body;
  const device = await kim.api.post<{ device: { id: string } }>("/me/push-tokens", {
    token: "fcm-token-of-kim",
    platform: "android",
  });
  const { call } = (await kim.api.post<{ call: { id: string } }>("/calls", { calleeId: "lee", kind: "audio" })).body;
  // The incoming-call push marks the call as it runs; run here, its queued job then finds nothing left to change,
  // instead of changing A's call while the matrix below compares A's data.
  await t.services.calls.pushIncoming(call.id);
  const poll = await kim.api.post<{ message: { poll: { id: string } } }>(`/channels/${channel.id}/polls`, {
    question: "Lunch?",
    options: ["Noodles", "Rice"],
  });
  const inAnHour = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
  BODIES["POST /v1/channels/:channelId/scheduled-messages"] = { text: "later", scheduledAt: inAnHour };
  const scheduled = await kim.api.post<{ scheduledMessage: { id: string } }>(
    `/channels/${channel.id}/scheduled-messages`,
    { text: "later", scheduledAt: inAnHour },
  );
  // A's newest chat event, which the resend route names.
  const [event] = await t.ctx.database.query<{ id: string }>(
    "select max(id)::text as id from chat_events where app_id = $1",
    [a.appId],
  );
  ids = {
    eventId: event?.id ?? "1",
    callId: call.id,
    channelId: channel.id,
    userId: "kim",
    messageId: message.id,
    deviceId: device.body.device?.id ?? "00000000-0000-4000-8000-000000000000",
    language: "en",
    fileId: "00000000-0000-4000-8000-000000000000",
    name: "vip",
    channelType: "public",
    pollId: poll.body.message.poll.id,
    optionId: "1",
    scheduledMessageId: scheduled.body.scheduledMessage.id,
  };
});
afterAll(() => t?.close());

/** The smallest value a JSON Schema accepts, as far as its keywords tell. */
function smallest(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return smallest(branch);
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") return "a".repeat(Math.max(schema.minLength ?? 1, 1));
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return false;
  if (type === "array") return Array.from({ length: schema.minItems ?? 0 }, () => smallest(schema.items));
  if (type === "object") {
    return Object.fromEntries((schema.required ?? []).map((key) => [key, smallest(schema.properties?.[key])]));
  }
  return {};
}

/** A's digest: every row that belongs to app A, so a refused call of B's is seen if it changed any. */
async function digestOfA(): Promise<string> {
  const tables = await t.ctx.database.query<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'app_id'",
  );
  const parts = tables.map(
    ({ table_name }) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table_name}" t where app_id = $1)`,
  );
  const [row] = await t.ctx.database.query<{ digest: string }>(`select md5(concat(${parts.join(", ")})) as digest`, [
    a.appId,
  ]);
  return row?.digest ?? "";
}

async function call(route: RegisteredRoute, credential: string) {
  const key = `${route.method} ${route.url}`;
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? "x"));
  const url = `${path}${QUERIES[key] ?? ""}`;
  const sendsBody = route.method !== "GET" && route.method !== "DELETE";
  const body = key in BODIES ? BODIES[key] : smallest(toJsonSchema(route.schema.body) ?? undefined);
  const headers: Record<string, string> = credential ? { authorization: `Bearer ${credential}` } : {};
  let payload: string | Record<string, unknown> | undefined = sendsBody ? (body as Record<string, unknown>) : undefined;
  if (route.url.endsWith("/files")) {
    // Uploads are multipart: one small text file.
    headers["content-type"] = "multipart/form-data; boundary=parley";
    payload = [
      "--parley",
      'Content-Disposition: form-data; name="file"; filename="note.txt"',
      "Content-Type: text/plain",
      "",
      "hello",
      "--parley--",
      "",
    ].join("\r\n");
  }
  const res = await t.server.inject({
    method: route.method as "GET",
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code, body: res.body };
}

function chatRoutes(): RegisteredRoute[] {
  return t.routes.filter((r) => r.url.startsWith("/v1/") && r.method !== "HEAD" && !r.websocket);
}

describe("chat API permission matrix", () => {
  it("refuses another app's key and user on every route that names A's resource, and A's data stays as it was", async () => {
    const routes = chatRoutes().filter((r) => r.url.includes(":") && !PER_APP.has(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      for (const [who, credential] of [
        ["B's API key", b.apiKey],
        ["B's user", bobToken],
      ] as const) {
        const before = await digestOfA();
        const res = await call(route, credential);
        const after = await digestOfA();
        if (res.status < 400 || !res.code || !REFUSALS.has(res.code)) {
          wrong.push(`${name} with ${who} answered ${res.status} ${res.code ?? res.body.slice(0, 100)}`);
        }
        if (before !== after) wrong.push(`${name} with ${who} changed A's data`);
      }
      const anonymous = await call(route, "");
      if (anonymous.code !== "3028") wrong.push(`${name} without a credential answered ${anonymous.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets A's own key or user past validation on the same routes, so the refusals above are about ownership", async () => {
    const stuck: string[] = [];
    for (const route of chatRoutes().filter((r) => r.url.includes(":"))) {
      const name = `${route.method} ${route.url}`;
      // Reads first and destructive calls last would matter for a shared fixture; each answer here is only checked
      // for having got past the schema, which a deleted resource does not change.
      const answers = await Promise.all([call(route, a.apiKey), call(route, kimToken)]);
      if (answers.every((res) => res.code === "300" || res.code === "301")) {
        stuck.push(`${name}: ${answers.map((res) => res.body.slice(0, 160)).join(" | ")}`);
      }
    }
    expect(stuck).toEqual([]);
  });

  it("keeps B's lists to B's own app on the routes without a resource", async () => {
    const leaks: string[] = [];
    // Streams never end, so an injected call would never answer: what they carry to another app's key is proven in
    // modules/webhooks/listen.test.ts.
    const streams = new Set([chatApi.eventsLive, chatApi.webhooksListen].map((path) => `${CHAT_API_PREFIX}${path}`));
    const lists = chatRoutes().filter(
      (r) => (!r.url.includes(":") || PER_APP.has(r.url)) && r.method === "GET" && !streams.has(r.url),
    );
    for (const route of lists) {
      for (const credential of [b.apiKey, bobToken]) {
        const res = await call(route, credential);
        for (const [name, value] of Object.entries(ids)) {
          // Values as common as these (a language, a user ID, an event's small number, a channel type, a poll
          // option's number) appear in any app's answers.
          if (["language", "userId", "eventId", "channelType", "optionId"].includes(name)) continue;
          if (res.body.includes(value)) leaks.push(`${route.url} shows A's ${name}`);
        }
        if (res.body.includes("private to A") || res.body.includes("A's room"))
          leaks.push(`${route.url} shows A's data`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
