import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../src/node-flags";
import { signupBody, uniqueEmail } from "../harness";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The README's command lines, as a reader copies them: every code span that starts with `npm run cli`. */
async function readmeCliCommand(subcommand: string): Promise<string[]> {
  const readme = await fs.readFile(path.join(repoRoot, "README.md"), "utf8");
  const spans = [...readme.matchAll(/`(npm run cli [^`]+)`/g)].map((match) => match[1] ?? "");
  const line = spans.find((span) => span.split(" ").includes(subcommand));
  if (!line) throw new Error(`the README shows no \`npm run cli … ${subcommand}\` command`);
  return line.split(" ");
}

// Relative, as in the README's default (`./data`): the bug was that the CLI took it from packages/server, where npm
// runs the workspace's script, and opened a second, empty database there.
let relativeDataDir: string;
let server: ChildProcess | null = null;

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: relativeDataDir,
    DATABASE_URL: "",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_FORMAT: "json",
    LOG_LEVEL: "warn",
    JOBS_ENABLED: "false",
    WEB_DIST_DIR: path.join(relativeDataDir, "no-web"),
  };
}

/** Starts the server from the repository root, as `npm start` does, and answers its address once it listens. */
async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...env(), LOG_LEVEL: "info" },
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return { child, url };
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGTERM");
  await exited;
}

async function run(command: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [file = "", ...args] = command;
  const child = spawn(file, args, { cwd, env: env() });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

beforeEach(async () => {
  relativeDataDir = path.join(".tmp", `cli-readme-${process.pid}-${Date.now()}`);
  const template = inject("testDatabase");
  if (template.kind === "pglite") {
    await fs.cp(template.templateDir, path.join(repoRoot, relativeDataDir, "db"), { recursive: true });
  }
});

afterEach(async () => {
  await stopServer();
  server = null;
  await fs.rm(path.join(repoRoot, relativeDataDir), { recursive: true, force: true });
  // Where the CLI wrongly looked before: it must not have left a database there either.
  await fs.rm(path.join(repoRoot, "packages/server", relativeDataDir), { recursive: true, force: true });
});

describe("the README's CLI commands, run from the repository root", () => {
  it("enable-notice and grant-admin find the account the server stored, in the data folder the server uses", async () => {
    const started = await startServer();
    server = started.child;
    const email = uniqueEmail("readme");
    const signup = await fetch(`${started.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(signupBody(email)),
    });
    expect(signup.status).toBe(200);
    await stopServer();

    const command = await readmeCliCommand("enable-notice");
    const result = await run([...command.slice(0, -1), email], repoRoot);
    expect(result.stderr).not.toContain("no account");
    expect(result.stdout, result.stderr).toContain(`notice feature enabled for ${email}`);
    expect(result.code).toBe(0);
    await expect(fs.stat(path.join(repoRoot, "packages/server", relativeDataDir))).rejects.toThrow(/ENOENT/);

    // The first admin of a fresh install: the account just signed up gets the role in the README's one command.
    const grant = await readmeCliCommand("grant-admin");
    const granted = await run([...grant.slice(0, -1), email], repoRoot);
    expect(granted.stdout, granted.stderr).toContain(`${email} is now an admin`);
    expect(granted.code).toBe(0);
  }, 240_000);
});
