import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountSession } from "./setup";

const SAMPLE_DIR = fileURLToPath(new URL("../../examples/chat-web", import.meta.url));
const VITE = fileURLToPath(new URL("../../node_modules/vite/bin/vite.js", import.meta.url));
/** Ports for the sample's static server: clear of the e2e server (18000s), its receivers (20000s) and fixed ports. */
const PORT_FIRST = 21_000;
const PORT_COUNT = 1000;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/** Runs a command to its end, failing with its output when it fails. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed:\n${Buffer.concat(output)}`)),
    );
  });
}

/** Serves a folder's files, and its index.html for any other path, as a static host serves a single-page app. */
function serveFolder(root: string): http.Server {
  return http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
    const inside = file.startsWith(root) && (await fs.stat(file).catch(() => null))?.isFile();
    const chosen = inside ? file : path.join(root, "index.html");
    response.writeHead(200, { "content-type": CONTENT_TYPES[path.extname(chosen)] ?? "application/octet-stream" });
    response.end(await fs.readFile(chosen));
  });
}

/** Listens on a free port of the sample's range, trying others while ports are taken. */
async function listen(server: http.Server): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = PORT_FIRST + Math.floor(Math.random() * PORT_COUNT);
    const ok = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) return port;
  }
  throw new Error("no free port for the sample");
}

/**
 * Builds a sample's browser version (Vite, with the sample's own config) once for the spec file and serves it from an
 * origin of its own, as a customer would host it; `url()` is where it is, once the file's tests run.
 */
export function useBuiltSample(sampleDir: string): { url: () => string } {
  let outDir = "";
  let sampleServer: http.Server | null = null;
  let sampleUrl = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-sample-"));
    await run(process.execPath, [VITE, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], sampleDir);
    sampleServer = serveFolder(outDir);
    sampleUrl = `http://127.0.0.1:${await listen(sampleServer)}/`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => (sampleServer ? sampleServer.close(resolve) : resolve(undefined)));
    if (outDir) await fs.rm(outDir, { recursive: true, force: true });
  });

  return { url: () => sampleUrl };
}

/** The web chat sample (`examples/chat-web`), built and served for the spec file. */
export const useSampleApp = () => useBuiltSample(SAMPLE_DIR);

/** The words every sample test meets (the sample's sign-in, the kit's channels and message box), in each language. */
export const SAMPLE_WORDS = {
  en: {
    languageButton: "English",
    serverUrl: "Server URL",
    appId: "App ID",
    userId: "User ID",
    nickname: "Nickname",
    signIn: "Sign in",
    online: "Online",
    newChannel: "+ New",
    channelName: "Channel name",
    create: "Create",
    refresh: "Refresh",
    message: "Message",
  },
  ko: {
    languageButton: "한국어",
    serverUrl: "서버 URL",
    appId: "앱 ID",
    userId: "사용자 ID",
    nickname: "닉네임",
    signIn: "로그인",
    online: "온라인",
    newChannel: "+ 새 채널",
    channelName: "채널 이름",
    create: "만들기",
    refresh: "새로고침",
    message: "메시지",
  },
} as const;
export type SampleLanguage = keyof typeof SAMPLE_WORDS;

/**
 * Opens the sample at `url` in a browser context of its own (its own storage), in `language`, signed in as a guest
 * whose nickname is the user ID in capitals.
 */
export async function signInToSample(
  browser: Browser,
  url: string,
  language: SampleLanguage,
  options: { server: string; appId: string; userId: string; beforeOpening?: (page: Page) => void },
) {
  const words = SAMPLE_WORDS[language];
  const page = await (await browser.newContext()).newPage();
  // Listeners that must see the page's first WebSocket are attached before it opens.
  options.beforeOpening?.(page);
  await page.goto(url);
  await page.getByRole("button", { name: words.languageButton }).click();
  await page.getByLabel(words.serverUrl, { exact: true }).fill(options.server);
  await page.getByLabel(words.appId, { exact: true }).fill(options.appId);
  await page.getByLabel(words.userId, { exact: true }).fill(options.userId);
  await page.getByLabel(words.nickname, { exact: true }).fill(options.userId.toUpperCase());
  await page.getByRole("button", { name: words.signIn }).click();
  await expect(page.locator(".pk-sidebar-header")).toContainText(words.online);
  return page;
}

/** An app that lets guests in, made through the dashboard API by a new account in `language`; answers its ID. */
export async function guestSampleApp(request: APIRequestContext, language: SampleLanguage, name: string) {
  const owner = await accountSession(request, language);
  const auth = { authorization: `Bearer ${owner.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name } })).json();
  const settings = { allowAnonymousLogin: true, defaultMemberLimit: 100 };
  expect((await request.put(`/api/apps/${app.id}/admin`, { headers: auth, data: settings })).ok()).toBe(true);
  return app.id as string;
}
