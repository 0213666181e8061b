/**
 * The CLI as a developer gets it from the registry: packed by `npm pack` (whose `prepack` builds it), installed into
 * an empty folder outside the repository, and run as `parley` by plain Node, with nothing of the workspace (its
 * node_modules, tsx, the source condition) in reach.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appServer, chatApp } from "../../../scripts/server-accounts";
import { startTestServer, type TestServer } from "../../../scripts/server-process";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let packDir = "";
let appDir = "";
let configHome = "";
let t: TestServer | undefined;

beforeAll(async () => {
  // Packing builds the bundle while the server starts: the two are the slow parts, and independent.
  const installed = (async () => {
    packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-pack-"));
    await run("npm", ["pack", "-w", "packages/cli", "--pack-destination", packDir], { cwd: repoRoot });
    const tarball = (await fs.readdir(packDir)).find((name) => /^parley-cli-.*\.tgz$/.test(name));
    if (!tarball) throw new Error(`npm pack left no tarball in ${packDir}`);
    appDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-install-"));
    await fs.writeFile(path.join(appDir, "package.json"), '{ "name": "tools", "private": true }\n');
    await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", path.join(packDir, tarball)], {
      cwd: appDir,
    });
  })();
  const served = (async () => {
    t = await startTestServer(inject("cliServerTemplate"));
  })();
  configHome = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-packed-config-"));
  await Promise.all([installed, served]);
});

afterAll(async () => {
  await t?.close();
  const dirs = [packDir, appDir, configHome].filter(Boolean);
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  // The bundle `npm pack` built stays out of the checkout, where `bin/parley.js` would run it instead of the source.
  await fs.rm(path.join(repoRoot, "packages/cli/dist"), { recursive: true, force: true });
});

/** Runs the installed `parley` with only PATH, HOME and the config folder from this environment. */
async function parley(...args: string[]): Promise<string> {
  const { stdout } = await run(path.join(appDir, "node_modules/.bin/parley"), args, {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", HOME: configHome, XDG_CONFIG_HOME: configHome },
    timeout: 60_000,
  });
  return stdout;
}

describe("the packed @parley/cli", () => {
  it("installs with no dependency, holding its bundle, README, CHANGELOG and LICENSE", async () => {
    const installed = path.join(appDir, "node_modules/@parley/cli");
    const manifest = JSON.parse(await fs.readFile(path.join(installed, "package.json"), "utf8"));
    expect(manifest.bin).toEqual({ parley: "./bin/parley.js" });
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.repository).toMatchObject({ directory: "packages/cli" });
    for (const file of ["dist/main.js", "README.md", "CHANGELOG.md", "LICENSE"]) {
      await expect(fs.stat(path.join(installed, file)), file).resolves.toBeTruthy();
    }
    await expect(fs.stat(path.join(installed, "src"))).rejects.toThrow();
    const names = (await fs.readdir(path.join(appDir, "node_modules"))).filter((name) => !name.startsWith("."));
    expect(names).toEqual(["@parley"]);
  });

  it("prints its help and lists the app's users after a login, on plain Node", async () => {
    expect(await parley("--help")).toMatch(/Usage: parley <command>/);
    if (!t) throw new Error("no server");
    const made = await chatApp(t);
    await appServer(t.baseUrl, made.apiKey)("POST", "/users", { userId: "kim", nickname: "Kim" });
    await parley("login", "--base-url", t.baseUrl, "--api-key", made.apiKey, "--app-id", made.appId);
    const listed = JSON.parse(await parley("users", "list", "--json"));
    expect(JSON.stringify(listed)).toContain('"userId":"kim"');
  });
});
