/**
 * Waits until `condition` holds, looking again every few milliseconds, and fails with `what` when it has not held
 * within `ms`: how a test waits on something another process or a job does, instead of sleeping a fixed time.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what = "the condition",
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
