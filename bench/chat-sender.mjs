/**
 * `bench:chat`'s sending process: posts messages at a fixed rate, as an app's servers or users would from their
 * own machines, and stamps each with the time it left this process. Receivers measure against that stamp, so a
 * server's own backlog (a broadcast that falls behind its sends) shows in the latency instead of hiding in it.
 *
 *   ← { type: "start", targets: [{ url, token }], rate, count, warmup, via }
 *   → { type: "measuring" }   when the first measured message leaves
 *   → { type: "sent", failed, statuses, firstError, answerMs }   once every answer is in (`answerMs`: how long each
 *     measured request took to be answered)
 *
 * Message `i` goes to `targets[i % targets.length]`: one target sends for the whole channel, several spread the rate
 * over them (one user per subchannel). Messages before `warmup` carry a time starting with "w", so receivers leave
 * them out: they warm the JIT and the connection pools.
 *
 * With `via: "socket"` a message goes on the target's WebSocket instead of by HTTP: each target (a member's session
 * token, and its channel's messages route, which names the server and the channel) signs a socket in first, and
 * message `i` is a `message.send` frame with `requestId` `i`, answered once its `ack` arrives; an ack with an error
 * counts as failed under its catalogue code (0: the socket closed first).
 *
 * With `mix` (`--mix`), operation `i` is of the kind `mix.kinds[i]`, at the same rate:
 * - `message`: as above, from the app's server (`mix.apiKey`), so every message reaches every member;
 * - `edit`: the app's server edits one of its latest messages, its metadata now `{ t }` (the time it left), which
 *   `message.updated` carries to the receivers like a message's;
 * - `reaction`: a member (`mix.reactorToken`) adds the reaction `r<i>` to one of the latest messages. A reaction
 *   carries no time of its own, so the time each left is kept here by `i`, and receivers report when `r<i>`
 *   arrived: one clock, since every process runs on this machine;
 * - `typing`: a `{ type: "typing", state: "start" }` frame on the WebSocket of one of `mix.typists`, taken in
 *   turn, so each typist starts again only after the announce period and every start is announced. The time each
 *   left is kept by typist, and receivers report when each typist's `typing.started` arrived.
 *   → { type: "sent", …, mix: { reactions: [[i, sentAt]], typing: [[typist, i, sentAt]], kinds } }
 */
import http from "node:http";
import { WebSocket } from "ws";

const clock = () => performance.timeOrigin + performance.now();

/** How many of the latest messages edits spread over. */
const RECENT = 16;
/**
 * Reactions one message is given at most, half the 20 different reactions a message holds (3066 beyond): when the
 * server falls behind, answers (and so new message ids) come late, and reactions go to older messages instead.
 */
const REACTIONS_PER_MESSAGE = 10;
/**
 * HTTP connections this process keeps open at most, reused: an app's servers send through a pool. Unbounded (global
 * `fetch`), a backlog after a stall opened a connection per waiting request, thousands at once, and measured the
 * client's connection churn as much as the server.
 */
const MAX_CONNECTIONS = 64;
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });

/** One JSON request through the pool: its status and body text, or a rejection when no answer came. */
function send(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The server's TYPING_ANNOUNCE_MS: a start within it of the one announced before is not announced again. */
const ANNOUNCE_MS = 3000;

/** Opens a socket for each `{ url, token }` and resolves when every one is signed in. */
function openSockets(sockets) {
  return Promise.all(
    sockets.map(
      ({ url, token }) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.once("open", () => ws.send(JSON.stringify({ type: "auth", token })));
          ws.once("error", reject);
          const onMessage = (raw) => {
            if (!String(raw).startsWith('{"type":"ready"')) return reject(new Error(`socket sign-in: ${raw}`));
            ws.off("message", onMessage);
            resolve(ws);
          };
          ws.on("message", onMessage);
        }),
    ),
  );
}

/** The WebSocket of the server a messages route (`…/v1/channels/:channelId/messages`) is on, and its channel. */
function socketOf(messagesUrl) {
  const url = new URL(messagesUrl);
  const [prefix, channelId] = url.pathname.split(/\/channels\/|\/messages$/);
  return { url: `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}${prefix}/ws`, channelId };
}

/**
 * A signed-in socket that sends `message.send` frames to `channelId`; each send resolves with its ack, or with an
 * error `closed` when the socket closes first.
 */
function senderLink(ws, channelId) {
  const waiting = new Map();
  ws.on("message", (raw) => {
    const text = String(raw);
    // The channel's events reach the sender's socket too: only acks are read.
    if (!text.startsWith('{"type":"ack"')) return;
    const ack = JSON.parse(text);
    waiting.get(ack.requestId)?.(ack);
    waiting.delete(ack.requestId);
  });
  ws.on("close", () => {
    for (const resolve of waiting.values()) resolve({ error: { code: "closed", message: "the socket closed" } });
    waiting.clear();
  });
  return {
    ws,
    send: (requestId, body) =>
      new Promise((resolve) => {
        waiting.set(requestId, resolve);
        ws.send(JSON.stringify({ type: "message.send", requestId, channelId, body }));
      }),
  };
}

async function run({ targets, rate, count, warmup, mix, via }) {
  const sockets = mix ? await openSockets(mix.typists.map((token) => ({ url: mix.wsUrl, token }))) : [];
  const links =
    via === "socket"
      ? (await openSockets(targets.map((t) => ({ url: socketOf(t.url).url, token: t.token })))).map((ws, k) =>
          senderLink(ws, socketOf(targets[k].url).channelId),
        )
      : null;
  /** Ids of the messages answered, oldest first: edits go to the latest in turn, reactions to the latest with room. */
  const answered = [];
  /** Resolves each time a message is answered: a reaction with no message to go to waits for the next. */
  let onAnswer = () => {};
  const reactionsOn = new Map();
  const reactionTarget = async () => {
    for (;;) {
      for (let k = answered.length - 1; k >= 0; k--) {
        const count = reactionsOn.get(answered[k]) ?? 0;
        if (count < REACTIONS_PER_MESSAGE) {
          reactionsOn.set(answered[k], count + 1);
          return answered[k];
        }
      }
      await new Promise((resolve) => {
        onAnswer = resolve;
      });
    }
  };
  /** When each typist last started, by the sender's clock. */
  const startedAt = new Map();
  let firstMessage = null;
  const reactions = [];
  const typing = [];
  let typed = 0;
  let touched = 0;
  const started = performance.now();
  const pending = [];
  /** How long each measured request took to be answered (2xx), in milliseconds. */
  const answerMs = [];
  /** Answers other than 2xx to measured messages, by status (0: no answer). */
  const statuses = {};
  let failed = 0;
  /** The first failure's reason, which tells a refused send from a dropped connection. */
  let firstError = null;
  for (let i = 0; i < warmup + count; i++) {
    if (i === warmup) process.send({ type: "measuring" });
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = targets[i % targets.length];
    const isWarm = i < warmup;
    const fail = (status, reason) => {
      if (isWarm) return;
      failed += 1;
      firstError ??= reason;
      statuses[status] = (statuses[status] ?? 0) + 1;
    };
    const stamp = () => (isWarm ? `w${clock()}` : String(clock()));
    const kind = mix ? mix.kinds[i] : "message";
    if (kind === "typing") {
      const typist = typed++ % sockets.length;
      // After a stall the schedule catches up in a burst, which would bring a typist's starts within the announce
      // period and leave one unannounced: such a start waits until it would be announced.
      const wait = (startedAt.get(typist) ?? 0) + ANNOUNCE_MS + 100 - clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      startedAt.set(typist, clock());
      typing.push([typist, i, clock()]);
      sockets[typist].send(JSON.stringify({ type: "typing", channelId: mix.channelId, state: "start" }));
      continue;
    }
    if (kind === "message" && links) {
      const leftAt = performance.now();
      const reply = links[i % links.length]
        .send(String(i), { text: `message ${i}`, metadata: { t: stamp() } })
        .then((ack) => {
          if (ack.error) {
            const status = ack.error.code === "closed" ? 0 : ack.error.code;
            return fail(status, `message acked ${ack.error.code}: ${ack.error.message}`);
          }
          if (!isWarm) answerMs.push(performance.now() - leftAt);
          if (mix) {
            answered.push(ack.message.id);
            onAnswer();
          }
        });
      firstMessage ??= reply;
      pending.push(reply);
      continue;
    }
    if (kind !== "message" && answered.length === 0) await firstMessage;
    const request =
      kind === "message"
        ? {
            url: target.url,
            token: target.token,
            method: "POST",
            body: { text: `message ${i}`, metadata: { t: stamp() } },
          }
        : kind === "edit"
          ? {
              url: `${mix.messagesUrl}/${answered[answered.length - 1 - (touched++ % Math.min(RECENT, answered.length))]}`,
              token: mix.apiKey,
              method: "PATCH",
              body: { metadata: { t: stamp() } },
            }
          : {
              url: `${mix.messagesUrl}/${await reactionTarget()}/reactions`,
              token: mix.reactorToken,
              method: "POST",
              body: { reaction: `r${i}` },
            };
    if (kind === "reaction") reactions.push([i, clock()]);
    const leftAt = performance.now();
    const reply = send(
      request.url,
      request.method,
      {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        "content-type": "application/json",
      },
      JSON.stringify(request.body),
    ).then(
      ({ status, text }) => {
        if (status < 200 || status > 299) return fail(status, `${kind} answered ${status}: ${text.slice(0, 200)}`);
        if (!isWarm) answerMs.push(performance.now() - leftAt);
        if (mix && kind === "message") {
          answered.push(JSON.parse(text).message.id);
          onAnswer();
        }
      },
      (error) => fail(0, String(error?.message ?? error)),
    );
    if (kind === "message") firstMessage ??= reply;
    pending.push(reply);
  }
  await Promise.all(pending);
  for (const ws of [...sockets, ...(links ?? []).map((link) => link.ws)]) ws.close();
  agent.destroy();
  process.send({
    type: "sent",
    failed,
    statuses,
    firstError,
    answerMs,
    ...(mix ? { mix: { reactions, typing } } : {}),
  });
}

process.once("message", (message) => {
  if (message.type === "start") void run(message);
});
