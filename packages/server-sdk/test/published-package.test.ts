/**
 * The package as an app's backend gets it from the registry: packed by `npm pack` (whose `prepack` builds it),
 * installed with Node's types into an empty folder outside the repository, then used from plain Node as ES module
 * and CommonJS, and type-checked, with nothing of the workspace (its node_modules, TypeScript paths, source
 * condition) in reach.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverApp, startServer, type TestServer } from "./helpers";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let packDir = "";
let appDir = "";
let t: TestServer | undefined;
let app: Awaited<ReturnType<typeof serverApp>>;

/** Packs `@parley/server` as `npm publish` would and answers the tarball's path. */
async function pack(destination: string): Promise<string> {
  await run("npm", ["pack", "-w", "packages/server-sdk", "--pack-destination", destination], { cwd: repoRoot });
  const tarball = (await fs.readdir(destination)).find((name) => /^parley-server-.*\.tgz$/.test(name));
  if (!tarball) throw new Error(`npm pack left no tarball in ${destination}`);
  return path.join(destination, tarball);
}

beforeAll(async () => {
  // Packing builds the package while the server starts: the two are the slow parts, and independent.
  const installed = (async () => {
    packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-server-sdk-pack-"));
    const tarball = await pack(packDir);
    appDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-server-sdk-app-"));
    await fs.writeFile(path.join(appDir, "package.json"), '{ "name": "backend", "private": true }\n');
    await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", tarball, "@types/node@20"], {
      cwd: appDir,
    });
  })();
  const served = (async () => {
    t = await startServer();
    app = await serverApp(t);
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

/** A backend's first steps: a user, a channel with them in it, a message from the app, a locally signed token. */
const BACKEND = `
const [baseUrl, apiKey, appId, tag] = process.argv.slice(2);
const parley = new ParleyServer({ baseUrl, apiKey, appId, signing: { keyId: "k1", secret: "pls_local" } });
const user = await parley.users.create({ userId: tag, nickname: tag.toUpperCase() });
const channel = await parley.channels.create({ name: tag, userIds: [tag] });
const message = await parley.messages.send(channel.id, "hello from " + tag);
const missing = await parley.users.get("nobody").catch((error) => error);
const token = parley.tokens.sign(tag);
process.stdout.write(JSON.stringify({
  entry,
  user: user.userId,
  members: channel.memberCount,
  text: message.text,
  missing: { code: missing.code, isParleyError: missing instanceof ParleyError },
  tokenParts: token.split(".").length,
}));
`;

describe("the packed package", () => {
  it("holds only its build, README, CHANGELOG and LICENSE, and depends on nothing", async () => {
    const installed = path.join(appDir, "node_modules/@parley/server");
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
      "package.json",
    ]);
    const manifest = JSON.parse(await fs.readFile(path.join(installed, "package.json"), "utf8"));
    expect({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }).toEqual({});
    const modules = await fs.readdir(path.join(appDir, "node_modules/@parley"));
    expect(modules).toEqual(["server"]);
  });

  it("makes a user, a channel and a message from a Node script that imports it", async () => {
    await fs.writeFile(
      path.join(appDir, "backend.mjs"),
      `import { ParleyError, ParleyServer } from "@parley/server";\nconst entry = import.meta.resolve("@parley/server");\n${BACKEND}`,
    );
    const result = JSON.parse(await node("backend.mjs", t?.baseUrl ?? "", app.apiKey, app.appId, "esm"));
    expect(result).toMatchObject({
      user: "esm",
      members: 1,
      text: "hello from esm",
      missing: { code: "3018", isParleyError: true },
      tokenParts: 3,
    });
    expect(result.entry).toMatch(/\/node_modules\/@parley\/server\/dist\/index\.js$/);
  });

  it("makes a user, a channel and a message from a Node script that requires it", async () => {
    await fs.writeFile(
      path.join(appDir, "backend.cjs"),
      `const { ParleyError, ParleyServer } = require("@parley/server");\nconst entry = require.resolve("@parley/server");\n(async () => {${BACKEND}})().catch((error) => {\n  process.stderr.write(String(error?.stack ?? error));\n  process.exit(1);\n});\n`,
    );
    const result = JSON.parse(await node("backend.cjs", t?.baseUrl ?? "", app.apiKey, app.appId, "cjs"));
    expect(result).toMatchObject({
      user: "cjs",
      text: "hello from cjs",
      missing: { code: "3018", isParleyError: true },
    });
    expect(result.entry).toMatch(/\/node_modules\/@parley\/server\/dist\/index\.cjs$/);
  });

  it("type-checks a backend against its declarations with bundler and node16 resolution", async () => {
    const backend = `import { isParleyError, ParleyServer, type TAnyWebhookPayload, type TChatUser, verifyWebhook } from "@parley/server";

export async function start(body: string, headers: Record<string, string>): Promise<string> {
  const parley = new ParleyServer({ baseUrl: "https://chat.example.com", apiKey: "psk_x", retries: { max: 2 } });
  const user: TChatUser = await parley.users.create({ userId: "kim", nickname: "Kim" });
  const { results } = await parley.users.upsertMany([{ userId: "lee", nickname: "Lee" }]);
  const channel = await parley.channels.create({ name: "General", userIds: [user.userId] });
  await parley.members.addMany(channel.id, ["lee"]);
  await parley.moderation.mute(channel.id, "lee", 10);
  const message = await parley.messages.send(channel.id, { text: "hi", metadata: { from: "backend" } });
  try {
    await parley.users.get("nobody");
  } catch (error) {
    if (isParleyError(error, "3018")) return "missing";
  }
  const event: TAnyWebhookPayload = verifyWebhook("whsec_x", headers, body, { toleranceSeconds: 60 });
  // @ts-expect-error: not a result of a bulk upsert
  if (results[0]?.status === "deleted") return "";
  return event.type + message.id;
}
`;
    await Promise.all([
      fs.writeFile(path.join(appDir, "check.ts"), backend),
      fs.writeFile(path.join(appDir, "check.mts"), backend),
      fs.writeFile(path.join(appDir, "check.cts"), backend),
    ]);
    // skipLibCheck off: the declarations must stand on their own, with Node's types.
    const common = {
      target: "ES2022",
      lib: ["ES2022"],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ["node"],
    };
    const configs = {
      "tsconfig.bundler.json": { module: "ESNext", moduleResolution: "bundler", files: ["check.ts"] },
      "tsconfig.node16.json": { module: "Node16", moduleResolution: "Node16", files: ["check.mts", "check.cts"] },
    };
    const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
    for (const [file, { files, ...options }] of Object.entries(configs)) {
      await fs.writeFile(
        path.join(appDir, file),
        JSON.stringify({ compilerOptions: { ...common, ...options }, files }),
      );
      const listed = await node(tsc, "-p", file, "--listFilesOnly");
      expect(listed).toContain("node_modules/@parley/server/dist/index.d.");
      await node(tsc, "-p", file).catch((error: { stdout?: string }) => {
        throw new Error(`tsc -p ${file} failed:\n${error.stdout ?? error}`);
      });
    }
  }, 120_000);
});
