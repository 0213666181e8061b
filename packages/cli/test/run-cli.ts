import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI as a developer runs it in this repository: its source through tsx, the server SDK from its source too. */
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/main.ts");
const ARGS = ["--conditions=@parley/source", "--import", "tsx", MAIN];

/** The CLI's environment: only what a test names, so the shell's PARLEY_* or config folder cannot leak in. */
function envOf(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    ...env,
  };
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one command to its end. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  const child = spawn(process.execPath, [...ARGS, ...args], { env: envOf(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

/** A command that runs until stopped (`listen`, `dev`), with what it printed so far and a wait for a line. */
export interface Running {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once the output (stdout or stderr) matches, failing after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startCli(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [...ARGS, ...args], { env: envOf(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    wake();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    wake();
  });
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  // A test that fails halfway must not leave the command running.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void closed.then(() => process.off("exit", orphanGuard));
  void closed.then(wake);

  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = pattern.exec(stdout) ?? pattern.exec(stderr);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0 || child.exitCode !== null) {
          throw new Error(
            `no output matching ${pattern} (exit ${child.exitCode}); stdout: ${stdout} stderr: ${stderr}`,
          );
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, left);
          waiters.add(done);
        });
      }
    },
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return closed;
    },
  };
}
