import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { dashboard } from "./imports-api";

const USERS = 2_000;
const CHANNELS = 200;
const MESSAGES = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A Stream import file of {@link MESSAGES} messages over {@link CHANNELS} channels of ten members each. */
function streamFile(): Buffer {
  const lines: string[] = [];
  const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();
  for (let u = 1; u <= USERS; u++)
    lines.push(JSON.stringify({ type: "user", item: { id: `u${u}`, name: `사용자 ${u}` } }));
  for (let c = 1; c <= CHANNELS; c++) {
    lines.push(JSON.stringify({ type: "channel", item: { id: `c${c}`, type: "messaging", created_by: `u${c}` } }));
    for (let k = 0; k < 10; k++) {
      const user = `u${1 + ((c * 10 + k) % USERS)}`;
      lines.push(
        JSON.stringify({ type: "member", item: { channel_type: "messaging", channel_id: `c${c}`, user_id: user } }),
      );
    }
  }
  for (let m = 1; m <= MESSAGES; m++) {
    const c = 1 + (m % CHANNELS);
    const user = `u${1 + ((c * 10 + (m % 10)) % USERS)}`;
    const item = {
      id: `m${m}`,
      channel_type: "messaging",
      channel_id: `c${c}`,
      user,
      text: `메시지 ${m}`,
      created_at: at(m),
    };
    lines.push(JSON.stringify({ type: "message", item }));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

describe("an import's analysis", () => {
  it("leaves the server answering while it parses and plans a large file", async () => {
    const app = await createChatApp(t);
    const d = dashboard(t, app);
    const file = streamFile();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const created = await d.upload("stream", "large.jsonl", file);
    expect(created.status).toBe(200);
    const uploadedAt = performance.now();

    let analysing = true;
    let answered = 0;
    const health = (async () => {
      while (analysing) {
        const res = await t.server.inject({ method: "GET", url: "/api/health" });
        expect(res.statusCode).toBe(200);
        answered += 1;
        // Paced, so the requests do not take from the analysis the CPU it is measured by.
        await setTimeout(20);
      }
    })();
    await t.jobsIdle(120_000);
    const ready = (await d.get(created.body.import.id)).body.import;
    const analysisMs = performance.now() - uploadedAt;
    analysing = false;
    await health;
    delay.disable();

    expect(ready.status).toBe("ready");
    expect(ready.dryRun?.counts.messages).toEqual({ found: MESSAGES, refused: 0, new: MESSAGES, existing: 0 });
    expect(ready.kinds.find((k) => k.kind === "messages")?.total).toBe(MESSAGES);
    expect(answered).toBeGreaterThan(0);
    // Parsed on the event loop, the file held it for most of the analysis; on the worker the loop's longest stall is
    // a small part of it, however loaded the machine.
    const longestStallMs = delay.max / 1e6;
    expect(longestStallMs).toBeLessThan(analysisMs / 3);
  }, 180_000);
});
