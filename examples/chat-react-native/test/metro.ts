import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type Platform = "ios" | "android";

/**
 * Bundles the React Native app in `projectDir` for `platform` as a release build with Hermes does (`react-native
 * bundle --dev false --minify false`), with the project's own React Native CLI, into `outDir`; returns the bundle's
 * path. Only PATH, HOME and TMPDIR reach Metro, so nothing of the test runner (its Node options, its conditions)
 * changes what it resolves.
 */
export async function bundle(projectDir: string, platform: Platform, outDir: string): Promise<string> {
  const output = path.join(outDir, `index.${platform}.bundle`);
  const assets = path.join(outDir, `assets-${platform}`);
  await fs.mkdir(assets, { recursive: true });
  // One transform worker: Metro takes a worker per core by default, which starves the tests running beside it (a
  // server that must answer a ping in time) for the minutes a bundle takes. Not minified, as React Native's own
  // release builds with Hermes bundle (react-native-xcode.sh, the Gradle plugin's `minifyEnabled`): Hermes compiles
  // the bundle to bytecode, and Terser's pass over it was a third of a bundle's time (31 s against 19 s here).
  const args = [
    "bundle",
    "--platform",
    platform,
    "--dev",
    "false",
    "--minify",
    "false",
    "--entry-file",
    "index.js",
    "--max-workers",
    "1",
  ];
  await run(process.execPath, [await cliOf(projectDir), ...args, "--bundle-output", output, "--assets-dest", assets], {
    cwd: projectDir,
    env: cleanEnv(),
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`react-native bundle --platform ${platform} failed:\n${error.stderr ?? ""}${error.stdout ?? ""}`);
  });
  return output;
}

/** React Native's CLI in the project's node_modules or the nearest above it (a workspace's is at the root). */
async function cliOf(projectDir: string): Promise<string> {
  for (let dir = projectDir; ; dir = path.dirname(dir)) {
    const cli = path.join(dir, "node_modules/react-native/cli.js");
    if (await exists(cli)) return cli;
    if (path.dirname(dir) === dir) throw new Error(`no React Native CLI in or above ${projectDir}`);
  }
}

export async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** PATH, HOME (npm's cache) and TMPDIR of this process, and nothing else of its environment. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "" };
  for (const name of ["HOME", "TMPDIR"] as const) if (process.env[name]) env[name] = process.env[name];
  return env;
}
