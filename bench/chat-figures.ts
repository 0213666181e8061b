/** The figures `bench:chat` draws from what its receivers and senders measured, in every mode. */

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** Nearest-rank percentiles over every receiver's latencies. */
export function percentiles(batches: Float64Array[]) {
  const all = new Float64Array(batches.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const batch of batches) {
    all.set(batch, offset);
    offset += batch.length;
  }
  all.sort();
  const at = (q: number) => all[Math.min(all.length - 1, Math.max(0, Math.ceil(q * all.length) - 1))] ?? Number.NaN;
  return { deliveries: all.length, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(all.at(-1) ?? NaN) };
}

/** The sends' answer times, by the same percentiles. */
export function answerFigures(answerMs: number[]) {
  const { p50Ms, p99Ms, maxMs } = percentiles([Float64Array.from(answerMs)]);
  return { p50Ms, p99Ms, maxMs };
}

/** The fewest and most measured messages one socket received, and how many sockets received none. */
export function perSocketFigures(perSocket: Uint32Array[]) {
  const counts = perSocket.flatMap((batch) => [...batch]);
  return {
    min: counts.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY),
    max: counts.reduce((a, b) => Math.max(a, b), 0),
    none: counts.filter((n) => n === 0).length,
  };
}
