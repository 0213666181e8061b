import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { ParleyClient, type TChannel } from "../src";
import { memoryStorage, type OfflineStorage, offline, type StorageArea } from "../src/offline";
import { byActivity } from "../src/offline/cache";
import { byItemId } from "../src/offline/outbox-rules";
import { sdkApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
let baseUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await t?.close();
});

/** A storage that records each call the offline layer makes on it, as `<area> <call> <key or prefix>`. */
function recordingStorage(inner: OfflineStorage) {
  const calls: string[] = [];
  const storage: OfflineStorage = {
    kind: inner.kind,
    async open(name) {
      const area = await inner.open(name);
      const recorded: StorageArea = {
        get: (key) => {
          calls.push(`${name} get ${key}`);
          return area.get(key);
        },
        list: (prefix) => {
          calls.push(`${name} list ${prefix}`);
          return area.list(prefix);
        },
        write: (changes) => {
          calls.push(`${name} write ${[...(changes.set ?? []).map(([key]) => key), ...(changes.remove ?? [])]}`);
          return area.write(changes);
        },
        clear: () => area.clear(),
        close: () => area.close(),
      };
      return recorded;
    },
    destroy: (name) => inner.destroy(name),
  };
  return { storage, calls };
}

/**
 * Kim in two channels, signed in once on a device whose storage records the layer's calls and whose requests are
 * listed (`requests`, as `METHOD /path`).
 */
async function device() {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  await a.server("POST", "/users", { userId: "kim", nickname: "KIM" });
  const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
  const lee = await a.user("lee");
  const first = await lee.channels.create({ name: "First" });
  const second = await lee.channels.create({ name: "Second" });
  for (const channel of [first, second])
    await a.server("POST", `/channels/${channel.id}/members`, { userIds: ["kim"] });
  const { storage, calls } = recordingStorage(memoryStorage());
  const requests: string[] = [];
  const kimClient = () => {
    const client = new ParleyClient({
      baseUrl,
      appId: a.appId,
      WebSocket,
      reconnect: false,
      fetch: (input, init) => {
        requests.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
      offline: offline({ storage, retryDelayMs: { initial: 50, max: 200 } }),
    });
    cleanups.push(() => client.disconnect());
    return client;
  };
  const kim = kimClient();
  await kim.loginWithToken("kim", token);
  const store = kim.offline;
  if (!store) throw new Error("the client was made without the offline option");
  await store.refreshChannels();
  await store.persist();
  return { a, kim, kimClient, first, calls, requests };
}

describe("opening the copy for a first screen", () => {
  it("keeps the channel list in one record and reads it with one get when a session resumes", async () => {
    const { a, kim, kimClient, calls } = await device();
    const area = `${a.appId}/users/kim`;
    expect(calls.filter((c) => c.startsWith(`${area} write`)).at(-1)).toContain("channels");
    const token = kim.sessionToken ?? "";
    kim.disconnect();
    calls.length = 0;

    const restarted = kimClient();
    await restarted.resume(token);
    expect(
      restarted.offline
        ?.channels()
        .data.map((c) => c.name)
        .sort(),
    ).toEqual(["First", "Second"]);
    // The first screen's reads: the list, the outbox and the cursor, then the rest of the copy.
    expect(calls.filter((c) => c.startsWith(area)).slice(0, 3)).toEqual([
      `${area} get channels`,
      `${area} list outbox:`,
      `${area} get meta:cursor`,
    ]);
  });

  it("resumes a known session without writing it down again, and asks for the profile only after answering", async () => {
    const { a, kim, kimClient, calls, requests } = await device();
    const token = kim.sessionToken ?? "";
    kim.disconnect();
    calls.length = 0;
    requests.length = 0;

    const restarted = kimClient();
    await restarted.resume(token);
    expect(requests).toEqual([]);
    await waitFor("the profile to be asked", () => requests.includes("GET /v1/me"));
    expect(calls.filter((c) => c.startsWith(`${a.appId}/sessions write`))).toEqual([]);
  });

  it("answers resume before the outbox stirs, and sends what it holds just after", async () => {
    const { kim, kimClient, first } = await device();
    await kim.offline?.send(first.id, "queued");
    const token = kim.sessionToken ?? "";
    kim.disconnect();

    const restarted = kimClient();
    const store = restarted.offline;
    const heard: string[][] = [];
    store?.on("outbox", (items) => heard.push(items.map((i) => i.state)));
    await restarted.resume(token);
    expect(store?.outbox().map((i) => i.state)).toEqual(["pending"]);
    expect(heard).toEqual([]);
    await waitFor("the outbox to empty", () => store?.outbox().length === 0);
    expect(heard[0]).toEqual(["pending"]);
  });
});

describe("orders without the locale's collation", () => {
  const channel = (id: string, at: string): TChannel => ({ id, createdAt: at }) as TChannel;

  it("sorts channels newest activity first by their ISO times, and outbox items by id, without localeCompare", () => {
    const collate = vi.spyOn(String.prototype, "localeCompare");
    try {
      const channels = [
        channel("old", "2026-01-01T09:00:00.000Z"),
        channel("new", "2026-01-02T08:00:00.000Z"),
        { ...channel("message", "2025-12-01T00:00:00.000Z"), lastMessage: { createdAt: "2026-01-01T10:00:00.000Z" } },
      ] as TChannel[];
      expect(channels.sort(byActivity).map((c) => c.id)).toEqual(["new", "message", "old"]);
      const items = ["0000000b-0000-zzzzzz", "0000000a-0001-000000", "0000000a-0000-zzzzzz"].map((id) => ({ id }));
      expect(items.sort(byItemId as (a: { id: string }, b: { id: string }) => number).map((i) => i.id)).toEqual([
        "0000000a-0000-zzzzzz",
        "0000000a-0001-000000",
        "0000000b-0000-zzzzzz",
      ]);
      expect(collate).not.toHaveBeenCalled();
    } finally {
      collate.mockRestore();
    }
  });
});
