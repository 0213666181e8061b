/**
 * The package as an app gets it from the registry: packed by `npm pack` (whose `prepack` builds it), installed with
 * `ws` into an empty folder outside the repository, then used from plain Node, type-checked, and bundled for a
 * browser, with nothing of the workspace (its node_modules, TypeScript paths, source condition) in reach.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserBundleSize, installInTempFolder, packSdk, repoRoot } from "../scripts/bundle-size";
import { sdkApp, startServer, type TestServer } from "./helpers";

const run = promisify(execFile);

/** The budget of the SDK in a browser app, gzipped: a chat widget should not cost an app's page more. */
const BROWSER_BUDGET_BYTES = 20 * 1024;
/** What the offline layer may add to it, for the apps that import it. */
const OFFLINE_BUDGET_BYTES = 10 * 1024;

let packDir = "";
let appDir = "";
let t: TestServer | undefined;
let baseUrl = "";
let appId = "";

beforeAll(async () => {
  // Packing builds the SDK while the server starts: the two are the slow parts, and independent.
  const installed = (async () => {
    packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-sdk-pack-"));
    appDir = await installInTempFolder("parley-sdk-app-", [await packSdk(packDir), "ws"]);
  })();
  const served = (async () => {
    ({ t, baseUrl } = await startServer());
    ({ appId } = await sdkApp(t, baseUrl, { allowAnonymousLogin: true }));
  })();
  await Promise.all([installed, served]);
});

afterAll(async () => {
  await t?.close();
  await Promise.all([packDir, appDir].filter(Boolean).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** Runs Node on a file of the app folder with only PATH from this environment, so no loader or condition leaks in. */
async function node(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, args, {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "" },
    timeout: 60_000,
  });
  return stdout;
}

/**
 * Two guests: one makes a channel that the other joins, the other listens on its socket, the first sends. Prints what
 * arrived, and which file of the package Node loaded.
 */
const GUEST_CHAT = `
const [baseUrl, appId, tag] = process.argv.slice(2);
const timer = setTimeout(() => {
  process.stderr.write("no message within 20 s\\n");
  process.exit(2);
}, 20_000);
const sender = new ParleyClient({ baseUrl, appId, WebSocket });
const receiver = new ParleyClient({ baseUrl, appId, WebSocket });
await sender.loginAnonymously(tag + "-sender", "Sender");
await receiver.loginAnonymously(tag + "-receiver", "Receiver");
const channel = await sender.channels.create({ name: tag });
await receiver.channels.join(channel.id);
const received = new Promise((resolve) => receiver.on("message.created", (event) => resolve(event.message)));
await receiver.connect();
const sent = await sender.messages.send(channel.id, "hello from " + tag);
const message = await received;
receiver.disconnect();
clearTimeout(timer);
process.stdout.write(JSON.stringify({ entry, sentId: sent.id, message }));
`;

describe("the packed package", () => {
  it("holds only its build, README, CHANGELOG and LICENSE, and depends on no workspace package nor zod", async () => {
    const installed = path.join(appDir, "node_modules/@parley/sdk");
    const files = (await fs.readdir(installed, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(installed, path.join(entry.parentPath, entry.name)))
      .sort();
    expect(files).toEqual([
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "dist/index.cjs",
      "dist/index.d.cts",
      "dist/index.d.ts",
      "dist/index.js",
      "dist/offline.cjs",
      "dist/offline.d.cts",
      "dist/offline.d.ts",
      "dist/offline.js",
      "package.json",
    ]);
    const manifest = JSON.parse(await fs.readFile(path.join(installed, "package.json"), "utf8"));
    const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    expect(Object.keys(runtime)).toEqual(["ws"]);
    expect(manifest.peerDependenciesMeta).toEqual({ ws: { optional: true } });
    // Only ws was asked for beside the tarball, and the SDK brought nothing of its own.
    const modules = await fs.readdir(path.join(appDir, "node_modules"));
    expect(modules.filter((name) => !name.startsWith(".")).sort()).toEqual(["@parley", "ws"]);
  });

  it("logs a guest in, sends and receives a message over the socket from a Node script that imports it", async () => {
    await fs.writeFile(
      path.join(appDir, "guest-chat.mjs"),
      `import { ParleyClient } from "@parley/sdk";\nimport { WebSocket } from "ws";\nconst entry = import.meta.resolve("@parley/sdk");\n${GUEST_CHAT}`,
    );
    const result = JSON.parse(await node("guest-chat.mjs", baseUrl, appId, "esm"));
    expect(result.entry).toMatch(/\/node_modules\/@parley\/sdk\/dist\/index\.js$/);
    expect(result.message).toMatchObject({
      id: result.sentId,
      text: "hello from esm",
      sender: { userId: "esm-sender", nickname: "Sender" },
    });
  });

  it("logs a guest in, sends and receives a message over the socket from a Node script that requires it", async () => {
    await fs.writeFile(
      path.join(appDir, "guest-chat.cjs"),
      `const { ParleyClient } = require("@parley/sdk");\nconst { WebSocket } = require("ws");\nconst entry = require.resolve("@parley/sdk");\n(async () => {${GUEST_CHAT}})().catch((error) => {\n  process.stderr.write(String(error?.stack ?? error));\n  process.exit(1);\n});\n`,
    );
    const result = JSON.parse(await node("guest-chat.cjs", baseUrl, appId, "cjs"));
    expect(result.entry).toMatch(/\/node_modules\/@parley\/sdk\/dist\/index\.cjs$/);
    expect(result.message).toMatchObject({
      id: result.sentId,
      text: "hello from cjs",
      sender: { userId: "cjs-sender", nickname: "Sender" },
    });
  });

  it("queues through the offline entry, which shares the main entry's error class, from ESM and CommonJS", async () => {
    const script = (imports: string) => `${imports}
const [baseUrl, appId, tag] = process.argv.slice(2);
const client = new ParleyClient({ baseUrl, appId, WebSocket, offline: offline({ storage: memoryStorage() }) });
await client.loginAnonymously(tag + "-offline", "Offline");
const channel = await client.channels.create({ name: tag });
const item = await client.offline.send(channel.id, "queued from " + tag);
const sent = await client.offline.settled(item.id);
const refused = await client.offline.send(channel.id, "x".repeat(20000));
const error = await client.offline.settled(refused.id).catch((e) => e);
process.stdout.write(JSON.stringify({ text: sent.text, code: error.code, shared: error instanceof ParleyError }));
`;
    await fs.writeFile(
      path.join(appDir, "offline.mjs"),
      script(
        'import { ParleyClient, ParleyError } from "@parley/sdk";\nimport { memoryStorage, offline } from "@parley/sdk/offline";\nimport { WebSocket } from "ws";',
      ),
    );
    await fs.writeFile(
      path.join(appDir, "offline.cjs"),
      `const { ParleyClient, ParleyError } = require("@parley/sdk");\nconst { memoryStorage, offline } = require("@parley/sdk/offline");\nconst { WebSocket } = require("ws");\n(async () => {${script("")}})().catch((error) => {\n  process.stderr.write(String(error?.stack ?? error));\n  process.exit(1);\n});\n`,
    );
    for (const [file, tag] of [
      ["offline.mjs", "esm"],
      ["offline.cjs", "cjs"],
    ] as const) {
      expect(JSON.parse(await node(file, baseUrl, appId, tag))).toEqual({
        text: `queued from ${tag}`,
        code: "3013",
        shared: true,
      });
    }
  });

  it("type-checks an app against its declarations alone, under moduleResolution bundler and node16", async () => {
    // Each `@ts-expect-error` fails the check if the declarations degraded to `any`, so passing proves they are typed.
    const app = `import {
  isParleyError,
  type NetInfoModule,
  netInfoNetwork,
  type OfflineApi,
  ParleyClient,
  type ReactNativeAppStateModule,
  reactNativeAppState,
  type TChannel,
  type TMessage,
} from "@parley/sdk";
import { indexedDbStorage, type KeyValueBackend, keyValueStorage, offline } from "@parley/sdk/offline";

export async function chat(baseUrl: string, appId: string): Promise<TMessage> {
  const client = new ParleyClient({ baseUrl, appId });
  const user = await client.loginAnonymously("guest", "Guest");
  const nickname: string = user.nickname;
  client.on("message.created", (event) => {
    const text: string | undefined = event.message?.text;
    // @ts-expect-error: a message's text is a string
    event.message?.text.toFixed();
    return [nickname, text];
  });
  await client.connect();
  const channel: TChannel = await client.channels.create({ name: "Lobby", type: "public" });
  // @ts-expect-error: not a channel type
  await client.channels.create({ name: "Lobby", type: "secret" });
  try {
    return await client.messages.send(channel.id, "hello");
  } catch (error) {
    if (isParleyError(error, "3022")) throw new Error(\`muted: \${error.status}\`);
    // @ts-expect-error: not a code of the catalogue
    isParleyError(error, "muted");
    throw error;
  }
}

export async function queue(baseUrl: string, appId: string): Promise<string> {
  const client = new ParleyClient({ baseUrl, appId, offline: offline({ storage: indexedDbStorage() }) });
  await client.loginAnonymously("guest", "Guest");
  const store: OfflineApi | null = client.offline;
  const item = await store?.send("channel", "hello");
  // @ts-expect-error: not a state of an outbox item
  if (item?.state === "lost") return "";
  return item?.state ?? "none";
}

export function phone(appState: ReactNativeAppStateModule, netInfo: NetInfoModule, asyncStorage: KeyValueBackend) {
  const client = new ParleyClient({
    baseUrl: "https://chat.example.com",
    appId: "app",
    appState: reactNativeAppState(appState),
    network: netInfoNetwork(netInfo),
    offline: offline({ storage: keyValueStorage(asyncStorage) }),
  });
  client.on("connection", (change) => {
    // @ts-expect-error: not something the link waits for
    if (change.waitingFor === "wifi") return;
  });
  return client.connectionWaitingFor;
}
`;
    await Promise.all([
      fs.writeFile(path.join(appDir, "check.ts"), app),
      fs.writeFile(path.join(appDir, "check.mts"), app),
      fs.writeFile(path.join(appDir, "check.cts"), app),
    ]);
    // No @types in the folder and skipLibCheck off: the declarations must stand on their own (DOM's types aside).
    const common = { target: "ES2022", lib: ["ES2022", "DOM"], strict: true, noEmit: true, skipLibCheck: false };
    const configs = {
      "tsconfig.bundler.json": { module: "ESNext", moduleResolution: "bundler", files: ["check.ts"] },
      "tsconfig.node16.json": { module: "Node16", moduleResolution: "Node16", files: ["check.mts", "check.cts"] },
    };
    const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
    const listed: Record<string, string> = {};
    for (const [file, { files, ...options }] of Object.entries(configs)) {
      await fs.writeFile(
        path.join(appDir, file),
        JSON.stringify({ compilerOptions: { ...common, ...options, types: [] }, files }),
      );
      const stdout = await node(tsc, "-p", file, "--listFilesOnly").catch((error: { stdout?: string }) => {
        throw new Error(`tsc -p ${file} listing failed: ${error.stdout ?? error}`);
      });
      listed[file] = stdout;
      await node(tsc, "-p", file).catch((error: { stdout?: string }) => {
        throw new Error(`tsc -p ${file} failed:\n${error.stdout ?? error}`);
      });
    }
    expect(listed["tsconfig.bundler.json"]).toContain("node_modules/@parley/sdk/dist/index.d.ts");
    // node16 reads the ESM declarations for check.mts and the CommonJS ones for check.cts.
    expect(listed["tsconfig.node16.json"]).toContain("node_modules/@parley/sdk/dist/index.d.ts");
    expect(listed["tsconfig.node16.json"]).toContain("node_modules/@parley/sdk/dist/index.d.cts");
  }, 120_000);

  it("bundles into a one-file browser app with Vite", async () => {
    const web = path.join(appDir, "web");
    await fs.mkdir(web);
    await fs.writeFile(
      path.join(web, "index.html"),
      '<!doctype html>\n<html><body><p id="state"></p><script type="module" src="/main.js"></script></body></html>\n',
    );
    await fs.writeFile(
      path.join(web, "main.js"),
      `import { ParleyClient } from "@parley/sdk";
const client = new ParleyClient({ baseUrl: "", appId: "00000000-0000-4000-8000-000000000000" });
client.on("connection", ({ state }) => {
  document.getElementById("state").textContent = state;
});
await client.loginAnonymously("guest", "Guest");
await client.connect();
`,
    );
    await node(path.join(repoRoot, "node_modules/vite/bin/vite.js"), "build", web, "--logLevel", "error");
    const assets = await fs.readdir(path.join(web, "dist/assets"));
    const scripts = assets.filter((name) => name.endsWith(".js"));
    expect(scripts).toHaveLength(1);
    const bundle = await fs.readFile(path.join(web, "dist/assets", scripts[0] as string), "utf8");
    // The contract's route table travels inside the package: the anonymous login path is in the app's bundle.
    expect(bundle).toContain("/auth/anonymous");
  }, 120_000);

  it("costs a browser app at most 20 KB gzipped (esbuild, minified, ESM, tree-shaken)", async () => {
    const size = await browserBundleSize(
      appDir,
      'import { ParleyClient } from "@parley/sdk";\nexport default ParleyClient;\n',
    );
    // Everything comes from the package's own build: no zod, no second copy of anything.
    expect(size.inputs.sort()).toEqual(["app.js", "node_modules/@parley/sdk/dist/index.js"]);
    expect(size.gzipBytes).toBeLessThanOrEqual(BROWSER_BUDGET_BYTES);
  });

  it("keeps the offline layer in its own entry, which brings no second copy of the client", async () => {
    const size = await browserBundleSize(
      appDir,
      'import { ParleyClient } from "@parley/sdk";\nimport { indexedDbStorage, offline } from "@parley/sdk/offline";\nexport default [ParleyClient, offline, indexedDbStorage];\n',
    );
    expect(size.inputs.sort()).toEqual([
      "app.js",
      "node_modules/@parley/sdk/dist/index.js",
      "node_modules/@parley/sdk/dist/offline.js",
    ]);
    expect(size.gzipBytes).toBeLessThanOrEqual(BROWSER_BUDGET_BYTES + OFFLINE_BUDGET_BYTES);
  });
});
