import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { startTcpProxy, type TcpProxy } from "../../scripts/tcp-proxy";
import { expect } from "./fixtures";
import { SAMPLE_WORDS, type SampleLanguage } from "./sample-host";
import { accountBody } from "./support";

const REPOSITORY = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_MAIN = path.join(REPOSITORY, "packages/server/src/main.ts");

type Authorization = { authorization: string };

/** A free port on the loopback interface, as the system hands one out. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function json<T>(what: string, response: Promise<Response>): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls `baseUrl` with JSON, as the dashboard or an app's client does. */
function call<T>(baseUrl: string, method: string, url: string, auth: Authorization | null, body?: unknown) {
  return json<T>(
    `${method} ${url}`,
    fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(auth ?? {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/**
 * An account made verified and signed in by the testing endpoint of the server at `baseUrl`, with one app that lets
 * guests in: what the sample signs in to.
 */
export async function guestApp(baseUrl: string): Promise<{ appId: string }> {
  const { session } = await call<{ session: { sessionToken: string } }>(
    baseUrl,
    "POST",
    "/api/testing/accounts",
    null,
    accountBody(),
  );
  const owner = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = await call<{ app: { id: string } }>(baseUrl, "POST", "/api/apps", owner, { name: "Offline" });
  await call(baseUrl, "PUT", `/api/apps/${app.id}/admin`, owner, {
    allowAnonymousLogin: true,
    defaultMemberLimit: 100,
  });
  return { appId: app.id };
}

export interface ChatMessage {
  id: string;
  seq: number;
  text: string;
  clientMessageId?: string;
  reactions?: Record<string, number>;
}

/** A guest of the app signed in through the chat API, with the calls the tests make as that user. */
export async function guest(baseUrl: string, appId: string, userId: string) {
  const { sessionToken } = await call<{ sessionToken: string }>(baseUrl, "POST", "/v1/auth/anonymous", null, {
    appId,
    userId,
    nickname: userId.toUpperCase(),
  });
  const auth = { authorization: `Bearer ${sessionToken}` };
  return {
    userId,
    /** Makes a channel of the given type with this user as its owner and `userIds` as members. */
    async createChannel(name: string, userIds: string[], type = "public") {
      const { channel } = await call<{ channel: { id: string } }>(baseUrl, "POST", "/v1/channels", auth, {
        name,
        type,
        userIds,
      });
      return channel.id;
    },
    async send(channelId: string, text: string) {
      const { message } = await call<{ message: ChatMessage }>(
        baseUrl,
        "POST",
        `/v1/channels/${channelId}/messages`,
        auth,
        { text },
      );
      return message;
    },
    /** The channel's newest messages as this user reads them, oldest first. */
    async messages(channelId: string): Promise<ChatMessage[]> {
      const { messages } = await call<{ messages: ChatMessage[] }>(
        baseUrl,
        "GET",
        `/v1/channels/${channelId}/messages?limit=100`,
        auth,
      );
      return [...messages].sort((a, b) => a.seq - b.seq);
    },
    /** The texts of the channel's messages (oldest first) that are among `texts`, each as often as it is there. */
    async textsAmong(channelId: string, texts: readonly string[]): Promise<string[]> {
      return (await this.messages(channelId)).map((m) => m.text).filter((text) => texts.includes(text));
    },
  };
}

/**
 * Signs in to the sample open on `page` (its sign-in screen) as a guest, the way `signInToSample` does in a new
 * browser: for a test that signs in again in the same browser, whose IndexedDB it checks.
 */
export async function signInOnPage(
  page: Page,
  language: SampleLanguage,
  options: { server: string; appId: string; userId: string },
) {
  const words = SAMPLE_WORDS[language];
  await page.getByRole("button", { name: words.languageButton }).click();
  await page.getByLabel(words.serverUrl, { exact: true }).fill(options.server);
  await page.getByLabel(words.appId, { exact: true }).fill(options.appId);
  await page.getByLabel(words.userId, { exact: true }).fill(options.userId);
  await page.getByLabel(words.nickname, { exact: true }).fill(options.userId.toUpperCase());
  await page.getByRole("button", { name: words.signIn }).click();
  await expect(page.locator(".pk-sidebar-header")).toContainText(words.online);
}

/**
 * Waits until the sample's service worker controls the page: from then on a reload without the network is answered
 * from its cache, as on a phone in a tunnel.
 */
export async function waitForOfflinePage(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The names of the IndexedDB databases the page's origin holds. */
export function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ""));
}

/** The database `indexedDbStorage()` keeps every area in, and its one object store. */
export const OFFLINE_DATABASE = "parley:store";

/**
 * How many keys of the storage area `area` (such as `<appId>/users/<userId>`) the page's offline database holds: its
 * entries `[area, key]` and its marker `[area]`. Zero when there is no such database yet (it is not created here:
 * a database opened without the SDK's upgrade would lack its object store).
 */
export function keysOfArea(page: Page, area: string): Promise<number> {
  return page.evaluate(
    async ({ database, area }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === database)) return 0;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<number>((resolve, reject) => {
          // `[area, []]` sorts after every `[area, <string>]`: arrays come after strings.
          const range = IDBKeyRange.bound([area], [area, []], false, true);
          const request = db.transaction("kv", "readonly").objectStore("kv").count(range);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { database: OFFLINE_DATABASE, area },
  );
}

/** A server process of the test's own, on its own port and data folder, which the test can kill and start again. */
export interface OwnServer {
  url: string;
  dataDir: string;
  /** Starts the server (again) on the same port and data folder; resolves once it answers its health check. */
  start(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or an out-of-memory kill does. */
  kill(): void;
  /** Resolves once the killed process has exited. */
  exited(): Promise<void>;
  /** Stops the server for good and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * A server as an operator runs it (`node --import tsx packages/server/src/main.ts`), on a free port with its own
 * data folder (the embedded database) and the testing endpoints; only the settings named here reach it.
 */
export async function ownServer(dataDir: string): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exit: Promise<void> = Promise.resolve();
  let stderr = "";
  const guard = () => child?.kill("SIGKILL");
  process.on("exit", guard);

  async function start() {
    stderr = "";
    const started = spawn(process.execPath, ["--import", "tsx", SERVER_MAIN], {
      cwd: REPOSITORY,
      env: {
        PATH: process.env.PATH ?? "",
        ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
        ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
        ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        WEB_DIST_DIR: path.join(dataDir, "no-web"),
        LOG_LEVEL: "warn",
        JOB_POLL_SECONDS: "0.5",
        RATE_LIMIT_PER_SECOND: "0",
        TESTING_ENDPOINTS: "true",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child = started;
    started.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    exit = new Promise((resolve) => started.once("exit", () => resolve()));
    // Generous: the first start migrates the database, and every start compiles the server on a busy machine.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}: ${stderr}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) throw new Error(`the server did not answer on ${url} within 180 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    dataDir,
    start,
    kill: () => {
      child?.kill("SIGKILL");
    },
    exited: () => exit,
    async dispose() {
      child?.kill("SIGKILL");
      await exit;
      process.off("exit", guard);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Counts the message sends of the pages it watches, over HTTP (`POST /v1/channels/{id}/messages`) or over their
 * WebSocket (`message.send` frames), calling `onEach` listeners with the running count as each leaves the browser.
 * A page's WebSockets are seen only from when `watch` is called, so call it before the page opens.
 */
export function sendCounter() {
  let count = 0;
  const listeners: Array<(count: number) => void> = [];
  const sent = () => {
    count += 1;
    for (const listener of listeners) listener(count);
  };
  return {
    watch(page: Page) {
      page.on("request", (request) => {
        if (request.method() === "POST" && /\/v1\/channels\/[^/]+\/messages$/.test(request.url())) sent();
      });
      page.on("websocket", (socket) => {
        socket.on("framesent", ({ payload }) => {
          if (typeof payload === "string" && payload.includes('"type":"message.send"')) sent();
        });
      });
    },
    count: () => count,
    onEach(listener: (count: number) => void) {
      listeners.push(listener);
    },
  };
}

/** What a send to `channelId` looks like to the proxy: its HTTP request line, or its WebSocket frame's text. */
export function sendTo(channelId: string): RegExp {
  return new RegExp(
    `^POST /v1/channels/${channelId}/messages |^(?=.*"type":"message\\.send")(?=.*"channelId":"${channelId}")`,
  );
}

/**
 * Reads the text frames a browser sends on a WebSocket, from the bytes after the upgrade request. Client frames are
 * always masked (RFC 6455, 5.3); the server turns compression off, so a text frame's unmasked payload is its text.
 */
function clientFrameReader(onText: (text: string) => void) {
  let buffered = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (buffered.length < 2) return;
      const opcode = (buffered[0] as number) & 0x0f;
      const short = (buffered[1] as number) & 0x7f;
      let offset = 2;
      let length = short;
      if (short === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (short === 127) {
        if (buffered.length < 10) return;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffered.length < offset + 4 + length) return;
      const mask = buffered.subarray(offset, offset + 4);
      const payload = Buffer.from(buffered.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      buffered = buffered.subarray(offset + 4 + length);
      if (opcode === 0x1) onText(payload.toString("utf8"));
    }
  };
}

/**
 * A proxy in front of a server (the repository's `scripts/tcp-proxy.ts`, as the SDK's tests use it), which the sample is given as its
 * server URL. It can lose the answer to one send after the server received it, whether the send went as an HTTP
 * request or as a WebSocket frame: from the moment the send passes, what the server says on the WebSockets is held
 * back, and as its answer (the HTTP response, or the socket's `ack` frame) starts to come back every connection is
 * cut and new ones are refused until `setOnline(true)`. So nothing tells the page the send went through until the
 * network is back.
 */
export interface AnswerDroppingProxy {
  url: string;
  setOnline(online: boolean): void;
  /**
   * Resolves once the answer to the next send matching `pattern` was dropped: `pattern` is tested against each HTTP
   * request line and each WebSocket text frame a client sends (see {@link sendTo}).
   */
  dropNextAnswer(pattern: RegExp): Promise<void>;
  /** Everything the clients sent through the proxy so far, as latin1 text, with their WebSocket frames' texts. */
  sent(): string;
  close(): Promise<void>;
}

export async function startAnswerDroppingProxy(target: string): Promise<AnswerDroppingProxy> {
  let holdSockets = false;
  const fromClients: Buffer[] = [];
  let drop: { pattern: RegExp; done: () => void } | null = null;

  const proxy: TcpProxy = await startTcpProxy(target, {
    connection() {
      let isSocket = false;
      let doomed: (() => void) | null = null;
      const doomIfDropped = (said: string) => {
        if (!drop?.pattern.test(said)) return;
        doomed = drop.done;
        drop = null;
        holdSockets = true;
      };
      const readFrames = clientFrameReader((text) => {
        fromClients.push(Buffer.from(text, "utf8"));
        doomIfDropped(text);
      });
      return {
        fromClient(chunk) {
          if (isSocket) {
            readFrames(chunk);
            return;
          }
          fromClients.push(chunk);
          const text = chunk.toString("latin1");
          // The upgrade request is the connection's last HTTP: what follows it is frames.
          if (/\r\nupgrade:\s*websocket/i.test(text)) isSocket = true;
          doomIfDropped(text.split("\r\n", 1)[0] ?? "");
        },
        fromTarget(chunk) {
          // On a socket, the send's answer is its ack; the events before it are held back like the rest.
          if (doomed && (!isSocket || chunk.toString("latin1").includes('"type":"ack"'))) {
            const done = doomed;
            doomed = null;
            holdSockets = false;
            proxy.setOnline(false);
            done();
            return false;
          }
          // Held back: the connection is cut before it could pass on.
          return !(isSocket && holdSockets);
        },
      };
    },
  });

  return {
    url: proxy.url,
    setOnline: proxy.setOnline,
    dropNextAnswer(pattern) {
      return new Promise((resolve) => {
        drop = { pattern, done: resolve };
      });
    },
    sent: () => Buffer.concat(fromClients).toString("latin1"),
    close: proxy.close,
  };
}
