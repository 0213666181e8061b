import { afterEach, describe, expect, it } from "vitest";
import { KEYS, startTranslateReceiver } from "../translate-receiver";
import { type Receiver, startReceiver } from "../webhooks-receiver";

const open: Array<Pick<Receiver, "close">> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

describe("the tests' webhook receiver", () => {
  it("records calls to its own URL and refuses, unrecorded, calls that reach its port for another path", async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const stray = await fetch(`http://127.0.0.1:${receiver.port}/health`);
    expect(stray.status).toBe(404);
    const strayHook = await fetch(`http://127.0.0.1:${receiver.port}/hooks`, { method: "POST", body: "{}" });
    expect(strayHook.status).toBe(404);
    const delivered = await fetch(receiver.url, { method: "POST", body: '{"ok":true}' });
    expect(delivered.status).toBe(200);
    const redirected = await fetch(`${receiver.url}/moved`, { method: "POST", body: "{}" });
    expect(redirected.status).toBe(200);
    expect(receiver.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", new URL(receiver.url).pathname],
      ["POST", `${new URL(receiver.url).pathname}/moved`],
    ]);
  });

  it("gives each receiver its own path", async () => {
    const [a, b] = await Promise.all([startReceiver(), startReceiver()]);
    open.push(a, b);
    expect(new URL(a.url).pathname).not.toBe(new URL(b.url).pathname);
  });
});

describe("the tests' translation receiver", () => {
  it("records the API's calls and refuses, unrecorded, calls that reach its port for another path", async () => {
    const google = await startTranslateReceiver();
    open.push(google);
    expect((await fetch(`${google.url}/v1/ws`)).status).toBe(404);
    const languages = await fetch(`${google.url}/language/translate/v2/languages?key=${KEYS.valid}`);
    expect(languages.status).toBe(200);
    expect(google.calls.map((c) => [c.method, c.path])).toEqual([["GET", "/language/translate/v2/languages"]]);
  });
});
