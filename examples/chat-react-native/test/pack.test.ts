/**
 * The SDK and the kit as a React Native app gets them from the registry: packed by `npm pack` (whose `prepack`
 * builds each), installed into an empty React Native project outside the repository, and bundled by Metro with
 * the default config, with nothing of the workspace (its node_modules, its source condition) in reach.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packSdk, repoRoot } from "../../../packages/sdk/scripts/bundle-size";
import { bundle, cleanEnv } from "./metro";

const run = promisify(execFile);

const APP_NAME = "PackedParleyApp";

/** `code` with its `\u` escapes read: the packages' builds write non-ASCII text that way, in either case of hex. */
function unescaped(code: string): string {
  return code.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The React Native this repository builds with, so the install comes from npm's cache. */
async function versions(): Promise<Record<string, string>> {
  const version = async (name: string) =>
    JSON.parse(await fs.readFile(path.join(repoRoot, "node_modules", name, "package.json"), "utf8")).version as string;
  const names = [
    "react",
    "react-native",
    "@react-native/metro-config",
    "@react-native/babel-preset",
    "@react-native-community/cli",
  ];
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await version(name)] as const)));
}

const INDEX = `import { Chat, ParleyProvider } from "@parley/react-native";
import { ParleyClient } from "@parley/sdk";
import { createElement } from "react";
import { AppRegistry } from "react-native";

const client = new ParleyClient({ baseUrl: "https://chat.example.com", appId: "app" });

function App() {
  return createElement(ParleyProvider, { client, language: "ko" }, createElement(Chat));
}

AppRegistry.registerComponent("${APP_NAME}", () => App);
`;

// Metro's own defaults: no watch folders, no conditions, as in a project made by `@react-native-community/cli init`.
const METRO_CONFIG = `const { getDefaultConfig } = require("@react-native/metro-config");

module.exports = getDefaultConfig(__dirname);
`;

const BABEL_CONFIG = `module.exports = { presets: ["module:@react-native/babel-preset"] };\n`;

let packDir = "";
let appDir = "";

beforeAll(async () => {
  packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-rn-pack-"));
  // The kit's build names the SDK's declarations, so the SDK is packed (and built) first.
  const sdkTarball = await packSdk(packDir);
  await run("npm", ["pack", "-w", "packages/react-native", "--pack-destination", packDir], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const kitName = (await fs.readdir(packDir)).find((file) => /^parley-react-native-.*\.tgz$/.test(file));
  if (!kitName) throw new Error(`npm pack left no kit tarball in ${packDir}`);

  appDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-rn-app-"));
  const { react, "react-native": reactNative, ...devDependencies } = await versions();
  const manifest = {
    name: "packed-parley-app",
    version: "0.0.1",
    private: true,
    dependencies: {
      "@parley/react-native": `file:${path.join(packDir, kitName)}`,
      "@parley/sdk": `file:${sdkTarball}`,
      react,
      "react-native": reactNative,
    },
    devDependencies,
  };
  await fs.writeFile(path.join(appDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.writeFile(path.join(appDir, "index.js"), INDEX);
  await fs.writeFile(path.join(appDir, "metro.config.js"), METRO_CONFIG);
  await fs.writeFile(path.join(appDir, "babel.config.js"), BABEL_CONFIG);
  // No install scripts: there is no native project to set up, only JavaScript to bundle.
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: appDir,
    env: cleanEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
});

afterAll(async () => {
  await Promise.all([packDir, appDir].filter(Boolean).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe("the packed SDK and kit in an empty React Native project", () => {
  it("install with no peer left unmet", async () => {
    // npm lists an unmet or invalid peer as a problem and exits non-zero.
    await run("npm", ["ls", "@parley/react-native", "@parley/sdk", "react", "react-native"], {
      cwd: appDir,
      env: cleanEnv(),
    });
  });

  it("bundle for Android with Metro's default config, from the packages' builds", async () => {
    const output = await bundle(appDir, "android", appDir);
    const code = await fs.readFile(output, "utf8");
    expect(code).toContain(`"${APP_NAME}"`);
    // The kit's own words.
    expect(unescaped(code)).toContain("메시지");
    expect(path.relative(repoRoot, appDir).startsWith("..")).toBe(true);
    expect(code).not.toContain(repoRoot);
  });
});
