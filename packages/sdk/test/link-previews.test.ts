import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TMessage } from "../src";
import { ALLOW_LOOPBACK, sdkApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
let baseUrl: string;
let pages: http.Server;
let pagesUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  // A page with an Open Graph card, where the server reaches it: loopback, which the test server allows.
  pages = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end('<html><head><meta property="og:title" content="Release notes"><title>x</title></head></html>');
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  ({ t, baseUrl } = await startServer({ env: { ...ALLOW_LOOPBACK } }));
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

describe("link previews", () => {
  it("hears the preview arrive by message.updated, and the sender removes it for the other member", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const channel = await kim.channels.create({ name: "Room" });
    await lee.channels.join(channel.id);
    await lee.connect();
    const updates: TMessage[] = [];
    lee.on("message.updated", (e) => e.message && updates.push(e.message));

    const sent = await kim.messages.send(channel.id, `notes: ${pagesUrl}/notes?n=${Date.now()}`);
    expect(sent.linkPreview).toBeUndefined();
    const withPreview = await waitFor("the preview", () => updates.find((m) => m.id === sent.id && m.linkPreview));
    expect(withPreview.linkPreview).toMatchObject({ title: "Release notes", description: null });

    await expect(lee.messages.removeLinkPreview(channel.id, sent.id)).rejects.toMatchObject({ code: "3250" });
    const removed = await kim.messages.removeLinkPreview(channel.id, sent.id);
    expect(removed.linkPreview).toBeUndefined();
    await waitFor("the removal", () => updates.filter((m) => m.id === sent.id).length === 2);
    expect(updates.at(-1)?.linkPreview).toBeUndefined();
  });
});
