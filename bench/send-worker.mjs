/**
 * The senders of the many-senders benchmark, on their own thread so that the HTTP client does not share the event
 * loop of the bench's own bookkeeping; the server under test is another process. By default each sender is a closed
 * loop: it posts its next message when the server has answered its last, as a chat client waiting for its send to
 * show does. With a `rate`, the senders share that many sends a second on a fixed schedule instead (open loop),
 * each sending on time whether or not its last send was answered.
 *
 * Each sender keeps its own keep-alive connections, one request on each at a time (no pipelining, as a browser), and
 * opens at most `SOCKETS_PER_SENDER`, as a browser keeps a few per host: on a schedule the server falls behind of, a
 * send waits for a free connection (its time still runs from when it was due) instead of opening one more. Without
 * the cap, a server some seconds behind had thousands of connections opened on it, which slowed it further, until
 * the sender ran out of file descriptors; a real client never does that to it.
 *
 * The client is a few lines over `node:net`, not `node:http` or fetch: the senders share this machine's two cores
 * with the server and its database, so every microsecond the client spends on a send is taken from what is being
 * measured. A request is one prepared head and its body written at once, and an answer is read only as far as its
 * status and length. `node:http` cost the client about twice that (a thread saturated at about 4,700 sends a second
 * against a bare server on a slow day), and fetch several times more.
 */
import net from "node:net";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

// workerData: { senders: [{ url, token }], warmupSeconds, seconds, rate?: sends a second across all senders }
const { senders, warmupSeconds, seconds, rate } = workerData;
/** Connections a sender opens at most; a browser opens six per host. */
const SOCKETS_PER_SENDER = 4;
/** A request unanswered this long fails with TIMEOUT and its connection is closed. */
const TIMEOUT_MS = 30_000;
const HEAD_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("\r\n0\r\n\r\n");

const failure = (code) => Object.assign(new Error(code), { code });

/**
 * One keep-alive connection carrying one request at a time. The answer ends after `content-length` bytes of body,
 * or, chunked, at the last chunk's marker (JSON escapes line breaks, so the marker cannot occur inside a body), or at
 * its head for the statuses that never carry a body (204 and 304).
 */
class Connection {
  constructor(host, port) {
    this.current = null;
    this.received = null;
    this.closed = false;
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk) => this.read(chunk));
    this.socket.on("error", (err) => this.close(err));
    this.socket.on("close", () => this.close(failure("ECONNRESET")));
  }

  /** Writes `request` and answers the status once the whole answer has arrived. */
  send(request) {
    return new Promise((resolve, reject) => {
      this.current = { resolve, reject, startedAt: performance.now() };
      this.received = null;
      this.socket.write(request);
    });
  }

  read(chunk) {
    // Bytes with no request under way answer nothing: they are dropped, not held for the next answer.
    if (!this.current) return;
    const received = this.received ? Buffer.concat([this.received, chunk]) : chunk;
    this.received = received;
    const headEnd = received.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = received.toString("latin1", 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const complete =
      /^HTTP\/1\.1 (204|304) /.test(head) ||
      (length
        ? received.length >= headEnd + 4 + Number(length[1])
        : /\r\ntransfer-encoding: *chunked/i.test(head) && received.indexOf(CHUNKED_END, headEnd) >= 0);
    if (!complete) return;
    const { resolve } = this.current;
    this.current = null;
    this.received = null;
    if (/\r\nconnection: *close/i.test(head)) this.close(null);
    resolve(head.slice(9, 12));
  }

  /** Closes the connection, failing the request under way with `err`. */
  close(err) {
    this.closed = true;
    this.socket.destroy();
    const current = this.current;
    this.current = null;
    current?.reject(err);
  }
}

/** A sender's connections to its server, at most `SOCKETS_PER_SENDER`, and the sends waiting for one. */
function connectionsTo(url, token) {
  const { hostname, port, pathname } = new URL(url);
  const head =
    `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    "Content-Type: application/json\r\nContent-Length: ";
  const all = new Set();
  const idle = [];
  const waiting = [];

  function take() {
    for (let connection = idle.pop(); connection; connection = idle.pop()) {
      if (!connection.closed) return Promise.resolve(connection);
    }
    for (const connection of all) if (connection.closed) all.delete(connection);
    if (all.size < SOCKETS_PER_SENDER) {
      const connection = new Connection(hostname, Number(port));
      all.add(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function give(connection) {
    if (connection.closed) all.delete(connection);
    const next = waiting.shift();
    if (!next) {
      if (!connection.closed) idle.push(connection);
      return;
    }
    if (connection.closed) take().then(next);
    else next(connection);
  }

  return {
    all,
    /** Posts `body` and answers the answer's status. */
    async post(body) {
      const connection = await take();
      try {
        return await connection.send(`${head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
      } finally {
        give(connection);
      }
    },
    destroy() {
      for (const connection of all) connection.socket.destroy();
    },
  };
}

/** Closes the connections of requests unanswered for `TIMEOUT_MS`: one sweep a second, not a timer per request. */
function sweepTimeouts(pools) {
  return setInterval(() => {
    const tooOld = performance.now() - TIMEOUT_MS;
    for (const pool of pools) {
      for (const connection of pool.all) {
        if (connection.current && connection.current.startedAt < tooOld) connection.close(failure("TIMEOUT"));
      }
    }
  }, 1000);
}

/**
 * The measured sends are those answered 200 inside the measured window, whenever they were sent; their durations
 * are the latencies. Sends answered during the warm-up, or after the window while the loops wind down, are left out
 * of those, but every answer's status is counted, so that a refusal anywhere in the run shows. On a schedule, a
 * send's time runs from when it was due, not from when it left: a client that fell behind must not hide the wait.
 */
async function run() {
  const started = performance.now();
  const from = started + warmupSeconds * 1000;
  const until = from + seconds * 1000;
  const durations = [];
  const statusCodes = {};
  const errors = {};
  let utilization = null;
  const measuring = setTimeout(() => {
    utilization = performance.eventLoopUtilization();
  }, from - started);

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** One send, counted; false when it got no answer. */
  async function send(connections, index, n, sentAt) {
    let status;
    try {
      status = await connections.post(
        JSON.stringify({ text: `message ${n} from sender ${index}`, metadata: { n: String(n) } }),
      );
    } catch (err) {
      const name = err?.code ?? (err instanceof Error ? err.name : "error");
      errors[name] = (errors[name] ?? 0) + 1;
      return false;
    }
    const at = performance.now();
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status === "200" && at >= from && at <= until) durations.push(at - sentAt);
    return true;
  }

  async function closedLoop(sender, index) {
    for (let n = 1; performance.now() < until; n++) {
      // A refused connection would otherwise spin this loop as fast as it fails.
      if (!(await send(sender, index, n, performance.now()))) await sleep(10);
    }
  }

  /** Sends due every `interval` ms, the senders' schedules staggered across one interval. */
  async function onSchedule(sender, index) {
    const interval = (senders.length * 1000) / rate;
    const pending = [];
    for (let n = 1; ; n++) {
      const due = started + (index * interval) / senders.length + (n - 1) * interval;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(send(sender, index, n, due));
    }
    await Promise.all(pending);
  }

  const pools = senders.map(({ url, token }) => connectionsTo(url, token));
  const sweeping = sweepTimeouts(pools);
  await Promise.all(pools.map(rate ? onSchedule : closedLoop));
  clearInterval(sweeping);
  for (const pool of pools) pool.destroy();
  clearTimeout(measuring);
  const busy = utilization ? performance.eventLoopUtilization(utilization).utilization : null;
  return {
    durations,
    statusCodes,
    errors,
    senderThreadUtilization: busy === null ? null : Number(busy.toFixed(3)),
  };
}

parentPort?.once("message", async (message) => {
  if (message.type !== "start") return;
  parentPort?.postMessage({ type: "done", stats: await run() });
});
parentPort?.postMessage({ type: "ready" });
