/**
 * The processes of a `bench:chat` run: the servers it measures (Parley's and the bare one), its receivers and its
 * sender, each a process of its own, so none of them takes the event loop or the heap of another.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { API_PREFIX, api } from "@parley/contract";
import { SERVER_NODE_FLAGS } from "../packages/server/src/node-flags";
import { freePort, serverEnv } from "./web-server";

/**
 * With BENCH_SERVER_PROFILE_DIR set, Parley's server writes a V8 CPU profile there when it stops: where a run's
 * time went, to open in Chrome's DevTools (`--cpu-prof` is not allowed in NODE_OPTIONS).
 */
const PROFILE_ARGS = process.env.BENCH_SERVER_PROFILE_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE_DIR}`]
  : [];
/**
 * Node's flags for a measured server: the server's own (`node-flags.ts`), `gc()` and the memory probe (see
 * chat-memory-probe.mjs), on top of tsx.
 */
const SERVER_NODE_ARGS = [
  ...SERVER_NODE_FLAGS,
  "--expose-gc",
  "--import",
  "tsx",
  "--import",
  "./bench/chat-memory-probe.mjs",
];

export interface MeasuredServer {
  base: string;
  /** The server's process, whose CPU time the bench reads from /proc. */
  pid: number;
  /** `process.memoryUsage()` of the server after a full garbage collection. */
  memory(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

export interface ParleyServer extends MeasuredServer {
  dataDir: string;
}

const running = new Set<() => Promise<void>>();

/** Stops every process started here that is still running: a child would otherwise outlive the bench. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/** The next IPC message of `type` (or of one of `types`) from `child`; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, type: string | string[]): Promise<T> {
  const types = Array.isArray(type) ? type : [type];
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (!types.includes(message?.type ?? "")) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      child.off("message", onMessage);
      reject(new Error(`a bench process exited with ${code} while waiting for "${types.join('" or "')}"`));
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

function track(child: ChildProcess, cleanup: () => Promise<void> = async () => {}): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    running.delete(stop);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await cleanup();
  };
  running.add(stop);
  return stop;
}

function memoryOf(child: ChildProcess) {
  return async () => {
    const answer = nextMessage<{ usage: NodeJS.MemoryUsage }>(child, "memory");
    child.send({ type: "memory" });
    return (await answer).usage;
  };
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${base}${API_PREFIX}${api.health}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet: migrations, or the embedded database's first start.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${api.health} within ${timeoutMs / 1000} s`);
}

/**
 * `packages/server/src/main.ts` as production runs it, with `env` over the bench's defaults. Its logs go to
 * stderr, keeping stdout for the report.
 */
export async function startParley(
  root: string,
  env: Record<string, string>,
  /** A data folder to reuse (the embedded database's), left in place at stop; else a new one, removed at stop. */
  given?: string,
): Promise<ParleyServer> {
  const dataDir = given ?? (await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-chat-")));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...PROFILE_ARGS, "packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...serverEnv(port, dataDir),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.pipe(process.stderr);
  child.stderr?.pipe(process.stderr);
  const stop = track(child, async () => {
    if (!given) await fs.rm(dataDir, { recursive: true, force: true });
  });
  try {
    await waitForHealth(base, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid ?? 0, dataDir, memory: memoryOf(child), stop };
}

/** The bare `ws` server of chat-bare.ts, sending events of `payloadBytes`. */
export async function startBare(
  root: string,
  options: { payloadBytes: number; writeWindowMs: number },
): Promise<MeasuredServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "bench/chat-bare.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      PAYLOAD_BYTES: String(options.payloadBytes),
      WS_WRITE_WINDOW_MS: String(options.writeWindowMs),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = track(child);
  const { port } = await nextMessage<{ port: number }>(child, "listening").catch(async (error) => {
    await stop();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, memory: memoryOf(child), stop };
}

/** The Socket.IO server of chat-socketio.ts, relaying events of `payloadBytes` to rooms. */
export async function startSocketIo(root: string, options: { payloadBytes: number }): Promise<MeasuredServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "bench/chat-socketio.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", PAYLOAD_BYTES: String(options.payloadBytes) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = track(child);
  const { port } = await nextMessage<{ port: number }>(child, "listening").catch(async (error) => {
    await stop();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, memory: memoryOf(child), stop };
}

/** What receivers measured of a `--mix` run (see chat-receivers.mjs): one entry per arrival of a measured kind. */
export interface MixedArrivals {
  kinds: Uint8Array;
  keys: Float64Array;
  values: Float64Array;
}

export interface Receivers {
  /**
   * Opens `sockets` (split over the processes in turn) and answers when every one is ready; with `mix`, they tell
   * the kinds of `--mix` apart. `protocol` is what they speak over the WebSocket: Parley's gateway (by default) or
   * Socket.IO's.
   */
  open(
    sockets: Array<{ url: string; token: string }>,
    concurrency: number,
    mix?: boolean,
    protocol?: ReceiverProtocol,
  ): Promise<{ openMs: number }>;
  /** Measured messages received so far, over every process. */
  count(): Promise<number>;
  /**
   * Every latency received, the measured messages each socket received (in no particular order), and the payload
   * size of a measured message as it arrived.
   */
  collect(): Promise<{
    latencies: Float64Array[];
    perSocket: Uint32Array[];
    payloadBytes: number;
    mixed: MixedArrivals[];
  }>;
  close(): Promise<void>;
}

export type ReceiverProtocol = "parley" | "socket.io";

/** `processes` receiving processes (chat-receivers.mjs). */
export function forkReceivers(processes: number): Receivers {
  const children = Array.from({ length: processes }, () => {
    const child = fork(new URL("./chat-receivers.mjs", import.meta.url), [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    track(child);
    return child;
  });
  const ask = <T>(type: string, reply = type) =>
    Promise.all(
      children.map((child) => {
        const answer = nextMessage<T>(child, reply);
        child.send({ type });
        return answer;
      }),
    );
  return {
    async open(sockets, concurrency, mix = false, protocol = "parley") {
      const times = await Promise.all(
        children.map(async (child, k) => {
          const answer = nextMessage<{ type: string; firstConnectAt: number; lastReadyAt: number; error?: string }>(
            child,
            ["opened", "failed"],
          );
          const own = sockets.filter((_, i) => i % children.length === k);
          child.send({
            type: "open",
            sockets: own,
            concurrency: Math.ceil(concurrency / children.length),
            mix,
            protocol,
          });
          const result = await answer;
          if (result.type === "failed") throw new Error(`a receiver could not sign in: ${result.error}`);
          return result;
        }),
      );
      const first = Math.min(...times.map((t) => t.firstConnectAt));
      const last = Math.max(...times.map((t) => t.lastReadyAt));
      return { openMs: last - first };
    },
    async count() {
      const answers = await ask<{ received: number }>("count");
      return answers.reduce((sum, a) => sum + a.received, 0);
    },
    async collect() {
      const answers = await ask<{
        latencies: Float64Array;
        perSocket: Uint32Array;
        payloadBytes: number;
        mixed: MixedArrivals;
      }>("collect", "latencies");
      return {
        latencies: answers.map((a) => a.latencies),
        perSocket: answers.map((a) => a.perSocket),
        mixed: answers.map((a) => a.mixed),
        payloadBytes: answers.find((a) => a.payloadBytes > 0)?.payloadBytes ?? 0,
      };
    },
    async close() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.send({ type: "close" });
          return exited;
        }),
      );
    },
  };
}

export interface SendOutcome {
  /** `performance.now()` here when the first measured message left the sender. */
  measuringAt: number;
  /** Measured messages answered other than 2xx, and by which status (0: no answer). */
  failed: number;
  statuses: Record<string, number>;
  /** The first failure's reason, or null. */
  firstError: string | null;
  /** How long each measured request answered 2xx took, from leaving the sender to its answer's end. */
  answerMs: number[];
  /**
   * With `mix`: when each reaction `r<i>` left (`[i, at]`) and each typing start (`[typist, i, at]`), on the
   * clock the receivers use.
   */
  mix?: { reactions: Array<[number, number]>; typing: Array<[number, number, number]> };
}

/** What the sender needs for `--mix` (see chat-sender.mjs). */
export interface MixOptions {
  /** The kind of each operation, warm-up first. */
  kinds: Array<"message" | "reaction" | "typing" | "edit">;
  /** The channel's messages route, which edits and reactions extend with a message's id. */
  messagesUrl: string;
  apiKey: string;
  reactorToken: string;
  wsUrl: string;
  channelId: string;
  /** Session tokens of the members who type, each in turn. */
  typists: string[];
}

/**
 * The sending process (chat-sender.mjs), run to the end of its messages; `onMeasuring` is called when the first
 * measured message leaves.
 */
export function send(
  options: {
    targets: Array<{ url: string; token: string | null }>;
    rate: number;
    count: number;
    warmup: number;
    mix?: MixOptions;
    /**
     * How each message goes: "socket" as a `message.send` frame on the target's own socket, anything else by HTTP
     * (chat-sender.mjs).
     */
    via?: string;
  },
  onMeasuring?: () => void,
): Promise<SendOutcome> {
  return runSender("./chat-sender.mjs", options, onMeasuring);
}

/**
 * The Socket.IO sending process (chat-socketio-sender.mjs): message `i` is emitted by the sender of
 * `groups[i % groups.length]` to the Socket.IO server at `url`, which relays it to that group's room.
 */
export function sendOverSocketIo(
  options: { url: string; groups: string[]; rate: number; count: number; warmup: number },
  onMeasuring?: () => void,
): Promise<SendOutcome> {
  return runSender("./chat-socketio-sender.mjs", options, onMeasuring);
}

async function runSender(script: string, options: object, onMeasuring?: () => void): Promise<SendOutcome> {
  const child = fork(new URL(script, import.meta.url), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = track(child);
  try {
    let measuringAt = Number.NaN;
    child.on("message", (message: { type?: string }) => {
      if (message?.type !== "measuring") return;
      measuringAt = performance.now();
      onMeasuring?.();
    });
    const sent = nextMessage<Omit<SendOutcome, "measuringAt">>(child, "sent");
    child.send({ type: "start", ...options });
    const { failed, statuses, firstError, answerMs, mix } = await sent;
    return { measuringAt, failed, statuses, firstError, answerMs, ...(mix ? { mix } : {}) };
  } finally {
    await stop();
  }
}
