/**
 * `bench:chat`'s sending process: posts messages at a fixed rate, as an app's servers or users would from their
 * own machines, and stamps each with the time it left this process. Receivers measure against that stamp, so a
 * server's own backlog (a broadcast that falls behind its sends) shows in the latency instead of hiding in it.
 *
 *   ← { type: "start", targets: [{ url, token }], rate, count, warmup }
 *   → { type: "measuring" }   when the first measured message leaves
 *   → { type: "sent", failed, statuses, firstError }   once every answer is in
 *
 * Message `i` goes to `targets[i % targets.length]`: one target sends for the whole channel, several spread the rate
 * over them (one user per subchannel). Messages before `warmup` carry a time starting with "w", so receivers leave
 * them out: they warm the JIT and the connection pools.
 */
const clock = () => performance.timeOrigin + performance.now();

async function run({ targets, rate, count, warmup }) {
  const started = performance.now();
  const pending = [];
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
    pending.push(
      fetch(target.url, {
        method: "POST",
        headers: {
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
          "content-type": "application/json",
        },
        body: JSON.stringify({ text: `message ${i}`, metadata: { t: isWarm ? `w${clock()}` : String(clock()) } }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (!response.ok) fail(response.status, `answered ${response.status}`);
        },
        (error) => fail(0, String(error?.cause?.message ?? error?.message ?? error)),
      ),
    );
  }
  await Promise.all(pending);
  process.send({ type: "sent", failed, statuses, firstError });
}

process.once("message", (message) => {
  if (message.type === "start") void run(message);
});
