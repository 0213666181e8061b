/** What a poll waited for, for its failure: text, or a function that can name the last state it saw. */
export type WaitedFor = string | (() => string);

/**
 * Asks `probe` again every `everyMs` until it answers a value (anything but `undefined`), and returns that value;
 * fails after `ms` with `timed out after {ms} ms waiting for {what}`. How a test waits on something another process
 * or a job does, instead of sleeping a fixed time, when it also needs what it waited for (the row, the mail).
 * The deadline is read from `performance.now()`: some tests stop the wall clock.
 */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: WaitedFor,
  ms = 10_000,
  everyMs = 25,
): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) {
      throw new Error(`timed out after ${ms} ms waiting for ${typeof what === "string" ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `eventually` for a condition: waits until `condition` holds, failing as `eventually` does. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: WaitedFor = "the condition",
  ms = 10_000,
  everyMs = 25,
): Promise<void> {
  await eventually(async () => ((await condition()) ? true : undefined), what, ms, everyMs);
}
