import { failureOf, run } from "./cli";

run(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      const { line, code } = failureOf(err);
      process.stderr.write(`${line}\n`);
      process.exitCode = code;
    },
  )
  .finally(() => {
    // Idle keep-alive connections would hold the process a few seconds after the work is done.
    setTimeout(() => process.exit(), 500).unref();
  });
