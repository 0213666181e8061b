import {
  CHAT_API_EXAMPLES,
  CHAT_API_OPERATION_ERRORS,
  CHAT_API_OPERATIONS,
  DASHBOARD_API_OPERATIONS,
  errorCatalogue,
  isErrorCode,
} from "@parley/contract";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../chat-client";
import { client } from "../client";
import { createAccount, createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";

interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<
    string,
    { schema?: { $ref?: string; allOf?: { properties?: { code?: { enum?: string[] } } }[] }; example?: unknown }
  >;
}
interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string }; example?: unknown }> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { description?: string }>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, unknown>;
  };
  security: Record<string, unknown>[];
}

let t: TestApp;
let chat: Document;
let dashboard: Document;

beforeAll(async () => {
  t = await startTestApp();
  chat = (await t.server.inject({ method: "GET", url: "/v1/openapi.json" })).json();
  dashboard = (await t.server.inject({ method: "GET", url: "/api/openapi.json" })).json();
});
afterAll(() => t?.close());

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
  );
}

function operation(doc: Document, method: string, path: string): Operation {
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
}

/** An operation's answer for a status, its named response followed where it refers to one. */
function responseAt(doc: Document, op: Operation, status: string): Response | undefined {
  const response = op.responses[status];
  const name = response?.$ref?.replace("#/components/responses/", "");
  return name ? doc.components.responses[name] : response;
}

/** The codes an operation's document lists, by the status it lists each under. */
function documentedCodes(doc: Document, op: Operation): Map<string, string> {
  const codes = new Map<string, string>();
  for (const status of Object.keys(op.responses)) {
    for (const part of responseAt(doc, op, status)?.content?.["application/json"]?.schema?.allOf ?? []) {
      for (const code of part.properties?.code?.enum ?? []) codes.set(code, status);
    }
  }
  return codes;
}

describe("the published documents", () => {
  it.each([
    ["chat", "/v1/openapi.json"],
    ["dashboard", "/api/openapi.json"],
  ])("validate the %s API's document with no error", async (_name, url) => {
    const document = (await t.server.inject({ method: "GET", url })).json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names the contract's types as components and refers to them from operations", () => {
    expect(Object.keys(chat.components.schemas)).toEqual(
      expect.arrayContaining(["ChatUser", "Channel", "Message", "ChatEvent", "ErrorResponse", "CreateChatUserRequest"]),
    );
    const createUser = operation(chat, "POST", "/v1/users");
    expect(createUser.requestBody?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/CreateChatUserRequest",
    });
    expect(createUser.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ChatUserResponse",
    });
    // One name per schema: a request schema the answers never hold keeps its plain name.
    expect(Object.keys(chat.components.schemas).filter((name) => name.endsWith("Input"))).toEqual([]);
    const undescribed = (doc: Document) =>
      Object.entries(doc.components.schemas)
        .filter(([, schema]) => !schema.description)
        .map(([name]) => name);
    expect(undescribed(chat)).toEqual([]);
    expect(undescribed(dashboard)).toEqual([]);
  });

  it("describes every operation and shows request and answer examples on the main ones", () => {
    for (const doc of [chat, dashboard]) {
      expect(
        operationsOf(doc)
          .filter((op) => !op.description?.trim())
          .map((op) => op.operationId),
      ).toEqual([]);
    }
    const byId = new Map(operationsOf(chat).map((op) => [op.operationId, op]));
    for (const [operationId, example] of Object.entries(CHAT_API_EXAMPLES)) {
      const op = byId.get(operationId);
      if (example.request !== undefined)
        expect(op?.requestBody?.content["application/json"]?.example, operationId).toEqual(example.request);
      expect(op?.responses["200"]?.content?.["application/json"]?.example, operationId).toEqual(example.response);
    }
    for (const main of ["createUser", "loginUser", "createChannel", "sendMessage", "listEvents"]) {
      expect(CHAT_API_EXAMPLES[main]?.response, main).toBeDefined();
    }
  });

  it("lists each operation's codes under their catalogue status, with 429's Retry-After", () => {
    for (const doc of [chat, dashboard]) {
      for (const op of operationsOf(doc)) {
        const codes = documentedCodes(doc, op);
        expect([...codes.keys()], op.operationId).toEqual(expect.arrayContaining(["005", "001"]));
        for (const [code, status] of codes) {
          expect(isErrorCode(code) && String(errorCatalogue[code].status), `${op.operationId} ${code}`).toBe(status);
          expect(responseAt(doc, op, status)?.description).toContain(`\`${code}\``);
        }
        expect(responseAt(doc, op, "429")?.headers, op.operationId).toHaveProperty("Retry-After");
      }
    }
  });

  it("has an error list in the contract for every chat operation", () => {
    const listed: Record<string, unknown> = CHAT_API_OPERATION_ERRORS;
    expect(Object.keys(CHAT_API_OPERATIONS).filter((operationId) => listed[operationId] === undefined)).toEqual([]);
  });

  it("gives the chat API's writes the Idempotency-Key header, except logins, token issuing and uploads", () => {
    const headerOf = (method: string, path: string) =>
      ((operation(chat, method, path) as { parameters?: { $ref?: string }[] }).parameters ?? []).some(
        (p) => p.$ref === "#/components/parameters/IdempotencyKey",
      );
    expect(headerOf("POST", "/v1/users")).toBe(true);
    expect(headerOf("POST", "/v1/channels/{channelId}/messages")).toBe(true);
    expect(headerOf("DELETE", "/v1/users/{userId}")).toBe(true);
    expect(headerOf("GET", "/v1/users")).toBe(false);
    expect(headerOf("POST", "/v1/auth/login")).toBe(false);
    expect(headerOf("POST", "/v1/users/{userId}/token")).toBe(false);
    expect(headerOf("POST", "/v1/channels/{channelId}/files")).toBe(false);
    const parameters = (chat.components as { parameters?: Record<string, { name: string; in: string }> }).parameters;
    expect(parameters?.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header" });
    const codes = documentedCodes(chat, operation(chat, "POST", "/v1/users"));
    expect([codes.get("009"), codes.get("010")]).toEqual(["409", "422"]);
  });

  it("gives the live tail and the webhook listener as text/event-stream, and the resend as JSON", () => {
    for (const path of ["/v1/events/live", "/v1/webhooks/listen"]) {
      const stream = operation(chat, "GET", path);
      expect(Object.keys(stream.responses["200"]?.content ?? {}), path).toEqual(["text/event-stream"]);
      expect(stream.description, path).toContain("`ready`");
      expect(documentedCodes(chat, stream).get("3191"), path).toBe("429");
    }
    const resend = operation(chat, "POST", "/v1/events/{eventId}/resend");
    expect(resend.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/EventResendResponse",
    });
  });

  it("lets the two logins be called without a credential", () => {
    expect(operation(chat, "POST", "/v1/auth/login").security).toEqual([]);
    expect(operation(chat, "POST", "/v1/auth/anonymous").security).toEqual([]);
    expect(documentedCodes(chat, operation(chat, "POST", "/v1/auth/login")).has("3028")).toBe(false);
    expect(documentedCodes(chat, operation(chat, "GET", "/v1/me")).get("3028")).toBe("401");
  });

  it("documents exactly the dashboard reference's operations, behind the dashboard session", () => {
    const ids = operationsOf(dashboard).map((op) => op.operationId);
    expect(ids.sort()).toEqual(Object.keys(DASHBOARD_API_OPERATIONS).sort());
    expect(dashboard.security).toEqual([{ session: [] }]);
    expect(dashboard.components.securitySchemes).toHaveProperty("session");
    const paths = Object.keys(dashboard.paths);
    expect(paths.filter((path) => /^\/api\/(auth|admin|billing|account\/password|marketplace)\b/.test(path))).toEqual(
      [],
    );
    const exportCsv = operation(dashboard, "GET", "/api/apps/{id}/audit/export");
    expect(Object.keys(exportCsv.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
  });
});

describe("what failing calls answer", () => {
  /** Asserts that a real answer's code is one its operation's document lists, under the status it came with. */
  function expectDocumented(doc: Document, method: string, path: string, answer: { status: number; code?: string }) {
    const codes = documentedCodes(doc, operation(doc, method, path));
    expect(answer.code, `${method} ${path}`).toBeDefined();
    expect([...codes.keys()], `${method} ${path}`).toContain(answer.code);
    expect(codes.get(answer.code ?? ""), `${method} ${path} ${answer.code}`).toBe(String(answer.status));
  }
  const answer = (reply: { status: number; body: { code?: string } }) => ({
    status: reply.status,
    code: reply.body.code,
  });

  it("answers chat API failures with codes their operations list", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    await app.server.post("/users", { userId: "dup", nickname: "A" });
    const missingChannel = "00000000-0000-4000-8000-000000000000";
    const samples: [string, string, { status: number; body: { code?: string } }][] = [
      ["POST", "/v1/users", await app.server.post("/users", { userId: "dup", nickname: "B" })],
      ["POST", "/v1/users", await app.server.post("/users", { userId: "has space", nickname: "B" })],
      ["GET", "/v1/users/{userId}", await app.server.get("/users/nobody")],
      ["GET", "/v1/users", await kim.api.get("/users")],
      ["GET", "/v1/users", await v1(t.server).get("/users")],
      ["GET", "/v1/channels/{channelId}", await kim.api.get(`/channels/${missingChannel}`)],
      [
        "POST",
        "/v1/auth/login",
        await v1(t.server).post("/auth/login", { appId: app.appId, userId: "kim", token: "wrong" }),
      ],
      [
        "POST",
        "/v1/channels/{channelId}/messages",
        await kim.api.post(`/channels/${missingChannel}/messages`, { text: "hi" }),
      ],
    ];
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", {
        name: "VIP",
        type: "private",
        inviteCode: "secret",
      })
    ).body;
    const lee = await app.user("lee");
    samples.push(
      ["POST", "/v1/channels/{channelId}/join", await lee.api.post(`/channels/${channel.id}/join`)],
      [
        "POST",
        "/v1/channels/{channelId}/messages",
        await lee.api.post(`/channels/${channel.id}/messages`, { text: "x" }),
      ],
      [
        "DELETE",
        "/v1/channels/{channelId}/messages/{messageId}",
        await kim.api.delete(`/channels/${channel.id}/messages/${missingChannel}`),
      ],
    );
    expect(samples.map(([, , reply]) => reply.body.code)).toEqual([
      "3019",
      "300",
      "3018",
      "1023",
      "3028",
      "3007",
      "3027",
      "3007",
      "3008",
      "3020",
      "3026",
    ]);
    for (const [method, path, reply] of samples) expectDocumented(chat, method, path, answer(reply));
  });

  it("answers dashboard API failures with codes their operations list", async () => {
    const owner = await createAccount(t);
    const stranger = await createAccount(t);
    const dash = client(t.server);
    const { body } = await dash.post<{ app: { id: string } }>("/apps", { name: "Docs" }, owner.token);
    const appId = body.app.id;
    const unknownKey = "00000000-0000-4000-8000-000000000000";
    const revoke = await t.server.inject({
      method: "DELETE",
      url: `/api/apps/${appId}/api-keys/${unknownKey}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const samples: [string, string, { status: number; body: { code?: string } }][] = [
      ["GET", "/api/apps", await dash.get("/apps")],
      ["GET", "/api/apps/{id}", await dash.get(`/apps/${appId}`, stranger.token)],
      ["POST", "/api/apps", await dash.post("/apps", { name: "Docs" }, owner.token)],
      ["DELETE", "/api/apps/{id}/api-keys/{keyId}", { status: revoke.statusCode, body: revoke.json() }],
      [
        "GET",
        "/api/apps/{id}/webhook/deliveries/{deliveryId}",
        await dash.get(`/apps/${appId}/webhook/deliveries/nothing`, owner.token),
      ],
      [
        "POST",
        "/api/apps/{id}/users/{userId}/deactivate",
        await dash.post(`/apps/${appId}/users/nobody/deactivate`, {}, owner.token),
      ],
    ];
    expect(samples.map(([, , reply]) => reply.body.code)).toEqual(["1001", "3003", "3005", "3015", "3046", "3018"]);
    for (const [method, path, reply] of samples) expectDocumented(dashboard, method, path, answer(reply));
  });
});
