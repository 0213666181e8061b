import type { ChildProcess } from "node:child_process";

/**
 * Resolves with everything a child process has written (stdout and stderr) once it holds `pattern`: what a test
 * of a process waits on, the process saying so itself, rather than asking it again and again. Fails when the
 * process exits first or `timeoutMs` passes.
 */
export function outputMatching(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => finish(new Error(`no output matching ${pattern} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) finish();
    };
    const onExit = () => finish(new Error(`the process exited before writing ${pattern}:\n${output}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(output);
    }
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
  });
}
