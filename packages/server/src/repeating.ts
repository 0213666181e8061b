/**
 * Runs `task` every `intervalMs`, never two at once: a tick that finds the last run still going is skipped. A run's
 * failure goes to `onError`, which may cancel the rest. The timer does not keep the process alive.
 */
export function repeating(intervalMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    /** No run after the one under way, if any. */
    cancel(): void {
      clearInterval(timer);
    },
    /** No run after the one under way, which this waits for, so what it uses can close after. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
