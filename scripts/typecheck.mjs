// Type-checks every TypeScript project, two at a time: each tsc run is single-threaded, so on a two-core machine two
// lanes take a little over half the time of one after another. Prints each project's errors together.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const projects = [
  "packages/server",
  "packages/web",
  "packages/contract",
  "e2e",
  "bench",
  "bench/calls-page",
  "bench/offline-page",
  "packages/sdk",
  "packages/server-sdk",
  "packages/cli",
  "packages/react",
  "packages/react-native",
  "examples/chat-web",
  "examples/chat-react-native",
  "examples/chat-node-bot",
  "scripts",
];
const lanes = Math.max(2, Math.min(availableParallelism(), 4));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("exit", (code) => {
      const text = Buffer.concat(output).toString();
      process.stdout.write(code === 0 ? `tsc -p ${project}: ok\n` : `tsc -p ${project}: failed\n${text}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
