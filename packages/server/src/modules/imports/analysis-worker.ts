/**
 * The analysis worker: parses an import's source, works out its dry run and plan, and hands the plan's pages to the
 * thread that started it one at a time, each once the last is stored. It runs on a worker thread so that parsing a
 * file of a million messages never holds up the server's answers; it opens no database (the embedded one takes a
 * single connection) and no storage, and asks its parent for the IDs the app already has.
 */
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../../errors";
import { analyzeParsed, idsToLookUp } from "./analysis-plan";
import type { FromAnalysis, ToAnalysis, WorkerSetup } from "./analysis-protocol";
import type { ParsedImport } from "./model";
import { readUpload } from "./sources";

const port = parentPort;
if (!port) throw new Error("the import's analysis runs on a worker thread");
const setup = workerData as WorkerSetup;

const inbox: ToAnalysis[] = [];
let waiting: ((message: ToAnalysis) => void) | null = null;
port.on("message", (message: ToAnalysis) => {
  if (waiting) {
    const take = waiting;
    waiting = null;
    take(message);
  } else inbox.push(message);
});
const next = (): Promise<ToAnalysis> => {
  const queued = inbox.shift();
  return queued ? Promise.resolve(queued) : new Promise((resolve) => (waiting = resolve));
};
const send = (message: FromAnalysis) => port.postMessage(message);

/** The parsed records of the source handed over; the file's bytes are let go once parsed. */
async function parse(): Promise<ParsedImport> {
  const input = await next();
  if (input.type !== "input") throw new Error(`the analysis expected its input, not ${input.type}`);
  if ("parsed" in input) return input.parsed;
  return readUpload(
    input.source,
    Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    input.name,
  );
}

async function main() {
  const options = { ...setup, now: new Date(setup.now) };
  let parsed: ParsedImport | null = await parse();
  send({ type: "ids", ...idsToLookUp(parsed, options) });
  const existing = await next();
  if (existing.type !== "existing") throw new Error(`the analysis expected the app's IDs, not ${existing.type}`);
  const { report, pages, kinds } = analyzeParsed(
    parsed,
    { userIds: new Set(existing.userIds), channelIds: new Set(existing.channelIds) },
    options,
  );
  parsed = null;
  for (const { kind } of kinds) {
    const kindPages = pages[kind];
    for (let index = 0; index < kindPages.length; index++) {
      send({ type: "page", kind, index, json: JSON.stringify(kindPages[index]) });
      // A page's rows are let go once it is handed over, so the pages and their JSON are never held whole at once.
      kindPages[index] = [];
      const stored = await next();
      if (stored.type !== "stored") throw new Error(`the analysis expected a page stored, not ${stored.type}`);
    }
  }
  send({ type: "done", report, kinds });
}

main().catch((err: unknown) => {
  if (err instanceof AppError) send({ type: "refused", code: err.code, reason: err.data?.reason ?? null });
  else send({ type: "failed", message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
});
