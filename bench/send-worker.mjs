/**
 * The senders of the many-senders benchmark, on their own thread so that the HTTP client does not share the event
 * loop of the bench's own bookkeeping; the server under test is another process. By default each sender is a closed
 * loop: it posts its next message when the server has answered its last, as a chat client waiting for its send to
 * show does. With a `rate`, the senders share that many sends a second on a fixed schedule instead (open loop),
 * each sending on time whether or not its last send was answered.
 *
 * Requests go through `node:http` with a keep-alive agent of its own per sender, which reuses its connections and
 * opens at most `SOCKETS_PER_SENDER`, as a browser keeps a few per host: on a schedule the server falls behind of,
 * a send waits for a free connection (its time still runs from when it was due) instead of opening one more. Without
 * the cap, a server some seconds behind had thousands of connections opened on it, which slowed it further, until
 * the sender ran out of file descriptors; a real client never does that to it. Not through fetch:
 * on this 2-core machine fetch cost the client several times the CPU of `http.request` per request (a bare server
 * answered it a few hundred times a second where `http.request` reached thousands), and the client, which shares
 * the machine with the server, would have been the limit being measured.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

// workerData: { senders: [{ url, token }], warmupSeconds, seconds, rate?: sends a second across all senders }
const { senders, warmupSeconds, seconds, rate } = workerData;
/** Connections a sender opens at most; a browser opens six per host. */
const SOCKETS_PER_SENDER = 4;

/** Posts `body` and answers the status once the whole answer has arrived. */
function post(agent, url, token, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve(String(response.statusCode)));
        response.once("error", reject);
      },
    );
    request.once("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.once("error", reject);
    request.end(body);
  });
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
  async function send({ url, token, agent }, index, n, sentAt) {
    let status;
    try {
      status = await post(
        agent,
        url,
        token,
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

  const withAgents = senders.map((sender) => ({
    ...sender,
    agent: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SENDER }),
  }));
  await Promise.all(withAgents.map(rate ? onSchedule : closedLoop));
  for (const { agent } of withAgents) agent.destroy();
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
