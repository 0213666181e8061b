/**
 * The sample as CI can check it without Xcode or the Android SDK: Metro bundles it for each platform, as a
 * release build does, and Hermes (the engine React Native runs it on) compiles the bundle to bytecode.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle, exists, type Platform } from "./metro";

const run = promisify(execFile);

const SAMPLE_DIR = fileURLToPath(new URL("..", import.meta.url));
const REPO_ROOT = path.resolve(SAMPLE_DIR, "../..");
/** The Hermes compiler React Native ships for Linux, where CI runs. */
const HERMESC = path.join(REPO_ROOT, "node_modules/hermes-compiler/hermesc/linux64-bin/hermesc");

let outDir = "";
let appName = "";

beforeAll(async () => {
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-rn-sample-bundle-"));
  appName = JSON.parse(await fs.readFile(path.join(SAMPLE_DIR, "app.json"), "utf8")).name;
});

afterAll(async () => {
  if (outDir) await fs.rm(outDir, { recursive: true, force: true });
});

describe.each<Platform>(["ios", "android"])("the sample bundled for %s", (platform) => {
  let output = "";

  it("bundles with Metro into a release bundle that registers the app under its name", async () => {
    output = await bundle(SAMPLE_DIR, platform, outDir);
    const code = await fs.readFile(output, "utf8");
    expect(code.length).toBeGreaterThan(100_000);
    expect(code).toContain(`"${appName}"`);
    expect(code).toContain("registerComponent");
    // The device's platform files, not the browser's: NetInfo for the network, react-native-webrtc for calls.
    expect(code).toContain("RNCNetInfo");
    expect(code).toContain("WebRTCModule");
  });

  it.skipIf(process.platform !== "linux")("compiles to Hermes bytecode", async () => {
    expect(await exists(HERMESC)).toBe(true);
    expect(output).not.toBe("");
    const bytecode = path.join(outDir, `index.${platform}.hbc`);
    await run(HERMESC, ["-emit-binary", "-O", "-w", "-out", bytecode, output]);
    expect((await fs.stat(bytecode)).size).toBeGreaterThan(100_000);
  });
});
