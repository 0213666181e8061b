import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Errors } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { type AnalysisIo, AnalysisStopped, analyzeOffLoop } from "./analysis";

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../test/fixtures/imports/stream/app.jsonl",
);
const SETUP = {
  appId: "7d0f3c1e-64c1-4b7a-9d0e-3c2b1a000001",
  source: "stream" as const,
  now: "2026-01-01T00:00:00.000Z",
  copyFiles: false,
  pageRows: 3,
};

/** An app with none of the file's users or channels, whose stored pages are kept in `pages`. */
function io(onPage: (key: string) => void = () => {}) {
  const pages = new Map<string, unknown[]>();
  const asked: { userIds: string[]; channelIds: string[] }[] = [];
  const handlers: AnalysisIo = {
    existing: async (userIds, channelIds) => {
      asked.push({ userIds, channelIds });
      return { userIds: new Set(), channelIds: new Set() };
    },
    storePage: async (kind, index, json) => {
      pages.set(`${kind}-${index}`, JSON.parse(json) as unknown[]);
      onPage(`${kind}-${index}`);
    },
  };
  return { pages, asked, handlers };
}

describe("an import's analysis on a worker thread", () => {
  it("asks for the app's IDs once, stores every page of the plan and answers the dry run with the plan's kinds", async () => {
    const bytes = new Uint8Array(await fs.readFile(FIXTURE));
    const { pages, asked, handlers } = io();
    const { report, kinds } = await analyzeOffLoop(
      { source: "stream", bytes, name: "app.jsonl" },
      SETUP,
      handlers,
      new AbortController().signal,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.userIds).toHaveLength(5);
    expect(report.counts.messages).toEqual({ found: 15, refused: 0, new: 15, existing: 0 });
    expect(kinds.map(({ kind, total }) => [kind, total])).toEqual([
      ["users", 5],
      ["channels", 4],
      ["members", 10],
      ["messages", 15],
      ["reactions", 5],
      ["files", 0],
    ]);
    expect(pages.size).toBe(kinds.reduce((sum, kind) => sum + kind.parts, 0));
    const messages = [...pages].filter(([key]) => key.startsWith("messages-")).flatMap(([, rows]) => rows);
    expect(messages).toHaveLength(15);
  });

  it("refuses a file that is not UTF-8 with 3172 and the reason, as on the server's thread", async () => {
    const refused = analyzeOffLoop(
      { source: "stream", bytes: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), name: "broken.jsonl" },
      SETUP,
      io().handlers,
      new AbortController().signal,
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: Errors.IMPORT_FILE_INVALID,
      data: { reason: "broken.jsonl is not UTF-8 text" },
    });
  });

  it("ends when its run is stopped, and stores no page after it", async () => {
    const bytes = new Uint8Array(await fs.readFile(FIXTURE));
    const stop = new AbortController();
    const stored: string[] = [];
    const { handlers } = io((key) => {
      stored.push(key);
      stop.abort();
    });
    await expect(
      analyzeOffLoop({ source: "stream", bytes, name: "app.jsonl" }, SETUP, handlers, stop.signal),
    ).rejects.toBeInstanceOf(AnalysisStopped);
    expect(stored).toEqual(["users-0"]);
  });
});
