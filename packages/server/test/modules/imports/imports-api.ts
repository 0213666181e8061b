/**
 * What the import tests do through the API: upload or pull a source on the dashboard, run it to its end, and read
 * the result back as the app's users see it through the chat API.
 */
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { TChannel, TDataImport, TDataImportResponse, TDataImportsResponse, TMessage } from "@parley/contract";
import { expect } from "vitest";
import { writeArchive } from "../../../src/modules/exports/archive";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { type createChatApp, createChatSession } from "../../factories";
import type { TestApp } from "../../harness";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures/imports");

export type ChatApp = Awaited<ReturnType<typeof createChatApp>>;

export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----parley${Date.now()}`;
  const part = (headers: string, body: Buffer | string) => [
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from("\r\n"),
  ];
  return {
    payload: Buffer.concat([
      ...Object.entries(fields).flatMap(([name, value]) =>
        part(`Content-Disposition: form-data; name="${name}"`, value),
      ),
      ...part(
        `Content-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream`,
        file.bytes,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The app's imports on its owner's dashboard. */
export function dashboard(t: TestApp, app: ChatApp) {
  const api = client(t.server);
  const token = app.dashboardAuth.authorization.slice("Bearer ".length);
  const base = `/apps/${app.appId}/imports`;
  return {
    async upload(source: string, name: string, bytes: Buffer) {
      const body = multipart({ source }, { name, bytes });
      const res = await t.server.inject({
        method: "POST",
        url: `/api${base}/upload`,
        payload: body.payload,
        headers: { authorization: app.dashboardAuth.authorization, "content-type": body.contentType },
      });
      return { status: res.statusCode, body: res.json() as TDataImportResponse & { code?: string } };
    },
    pull: (body: Record<string, string>) => api.post<TDataImportResponse>(base, body, token),
    list: () => api.get<TDataImportsResponse>(base, token),
    get: (importId: string) => api.get<TDataImportResponse>(`${base}/${importId}`, token),
    action: (importId: string, action: "start" | "pause" | "resume" | "cancel") =>
      api.post<TDataImportResponse>(`${base}/${importId}/${action}`, {}, token),
    async report(importId: string) {
      const res = await t.server.inject({
        method: "GET",
        url: `/api${base}/${importId}/report`,
        headers: { authorization: app.dashboardAuth.authorization },
      });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    },
    /** The import once the job queue has run everything it was given. */
    async settled(importId: string): Promise<TDataImport> {
      await t.jobsIdle();
      return (await api.get<TDataImportResponse>(`${base}/${importId}`, token)).body.import;
    },
  };
}

/** Starts an analyzed import and waits for it to end, completed. */
export async function runImport(t: TestApp, app: ChatApp, importId: string) {
  const d = dashboard(t, app);
  const ready = await d.settled(importId);
  expect(ready.status).toBe("ready");
  expect((await d.action(ready.id, "start")).status).toBe(200);
  const done = await d.settled(ready.id);
  expect(done.status).toBe("completed");
  return { ready, done };
}

/** Uploads a file, waits for its dry run, starts it and waits for it to end. */
export async function importFile(t: TestApp, app: ChatApp, source: string, name: string, bytes: Buffer) {
  const created = await dashboard(t, app).upload(source, name, bytes);
  expect(created.status).toBe(200);
  return runImport(t, app, created.body.import.id);
}

/** One user of the app, reading through the chat API. */
export async function reader(t: TestApp, app: ChatApp, userId: string) {
  const { sessionToken } = await createChatSession(t, app.appId, userId);
  const api = v1(t.server, sessionToken);
  return {
    api,
    channels: async () => (await api.get<{ channels: TChannel[] }>("/channels?scope=mine&limit=100")).body.channels,
    messages: async (channelId: string) =>
      (await api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages?limit=100`)).body.messages,
    replies: async (channelId: string, messageId: string) =>
      (await api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages/${messageId}/replies?limit=100`)).body
        .messages,
  };
}

/** Each channel of the user's by name: its unread count and unread mentions as the chat API answers them. */
export async function unreadOf(t: TestApp, app: ChatApp, userId: string) {
  const channels = await (await reader(t, app, userId)).channels();
  return Object.fromEntries(channels.map((c) => [c.name, [c.unreadCount, c.unreadMentionCount]]));
}

/** A zip of the entries, its `manifest.json` the one given (the archive writer always writes one). */
export async function zipOf(
  entries: { path: string; text: string }[],
  manifest: object = { format: "test" },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeArchive(
    entries.map((entry) => ({ path: entry.path, open: async () => Readable.from([Buffer.from(entry.text)]) })),
    manifest,
    async (body) => {
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return chunks.reduce((sum, c) => sum + c.length, 0);
    },
  );
  return Buffer.concat(chunks);
}
