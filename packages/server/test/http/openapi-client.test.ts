import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness";

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-openapi-client-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await t?.close();
});

/**
 * A program an app developer might write on the generated types: a typed `fetch` wrapper, the calls it makes and
 * the errors it reads. The `@ts-expect-error` lines prove the types are precise: each would compile against `any`.
 */
const PROGRAM = `
import type { components as chat, paths as chatPaths } from "./chat-api";
import type { paths as dashboardPaths } from "./dashboard-api";

declare function fetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
): Promise<{ ok: boolean; json(): Promise<unknown> }>;

type ErrorResponse = chat["schemas"]["ErrorResponse"];
type Message = chat["schemas"]["Message"];
type JsonPost<Op> = Op extends {
  requestBody?: { content: { "application/json": infer Body } };
  responses: { 200: { content: { "application/json": infer Answer } } };
}
  ? { body: Body; answer: Answer }
  : never;
type ChatPost<P extends keyof chatPaths> = chatPaths[P] extends { post: infer Op } ? JsonPost<Op> : never;

class ApiError extends Error {
  constructor(readonly error: ErrorResponse) {
    super(error.message);
  }
}

async function post<P extends keyof chatPaths>(
  route: P,
  params: Record<string, string>,
  body: ChatPost<P>["body"],
): Promise<ChatPost<P>["answer"]> {
  const url = String(route).replace(/\\{(\\w+)\\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const res = await fetch("https://chat.example.com" + url, {
    method: "POST",
    headers: { authorization: "Bearer psk_example", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError((await res.json()) as ErrorResponse);
  return (await res.json()) as ChatPost<P>["answer"];
}

export async function createUser(userId: string): Promise<string> {
  const { user } = await post("/v1/users", {}, { userId, nickname: "Kim" });
  // @ts-expect-error a user has no such field
  user.password;
  return user.nickname;
}

export async function sendMessage(channelId: string, text: string): Promise<Message> {
  const { message } = await post("/v1/channels/{channelId}/messages", { channelId }, { text, clientMessageId: "c-1" });
  // @ts-expect-error a message's seq is a number
  const seq: string = message.seq;
  return message;
}

type SendNotFound =
  chatPaths["/v1/channels/{channelId}/messages"]["post"]["responses"][404]["content"]["application/json"];
export function isUnknownChannel(error: SendNotFound): boolean {
  return error.code === "3007";
}
// @ts-expect-error sending a message never answers 3019 (a user that exists)
export const impossible: SendNotFound["code"] = "3019";

type CreateKey = dashboardPaths["/api/apps/{id}/api-keys"]["post"];
export function secretOf(answer: CreateKey["responses"][200]["content"]["application/json"]): string {
  return answer.secret;
}
export const keyLimit: CreateKey["responses"][409]["content"]["application/json"]["code"] = "3006";
`;

it("generates a client with openapi-typescript from both documents that a typed program compiles against", async () => {
  for (const [name, url] of [
    ["chat-api", "/v1/openapi.json"],
    ["dashboard-api", "/api/openapi.json"],
  ] as const) {
    const document = (await t.server.inject({ method: "GET", url })).json();
    // A field with a default may be left out of a request: the generator would otherwise make it required
    // wherever its named schema appears, requests included.
    const generated = await openapiTS(document, { defaultNonNullable: false });
    await fs.writeFile(path.join(dir, `${name}.ts`), astToString(generated));
  }
  const program = path.join(dir, "program.ts");
  await fs.writeFile(program, PROGRAM);

  const compiled = ts.createProgram([program], {
    strict: true,
    noEmit: true,
    noUnusedLocals: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // No DOM library: the program declares the `fetch` it uses, which keeps the check to a few seconds.
    lib: ["lib.es2022.d.ts"],
    types: [],
    skipLibCheck: true,
  });
  const errors = ts
    .getPreEmitDiagnostics(compiled)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  expect(errors).toEqual([]);
}, 60_000);
