/**
 * Runs `work` on each of `items` in order, at most `lanes` at once. Once one answers false or throws, no other is
 * started; those under way are awaited, so every page that commits is marked. False when one answered false.
 */
export async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<boolean>,
): Promise<boolean> {
  let next = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped && next < items.length) {
      const item = items[next];
      next += 1;
      if (item === undefined) break;
      try {
        if (!(await work(item))) stopped = true;
      } catch (err) {
        stopped = true;
        throw err;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(lanes, items.length) }, lane));
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return !stopped;
}
