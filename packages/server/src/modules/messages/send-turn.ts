/**
 * A send's place in a line of sends whose messages must be stored in the order they came: a socket's sends to one
 * channel (decision 0331). The send waits for `ready` just before its message takes its place in the channel, and
 * calls `pass` once it has, or once it will not (refused, failed); the next send of the line may then take its own.
 * Everything before that point (the session, the permissions, the rules and their reads) runs for all of them at
 * once, and a refused send holds no one back longer than its own refusal.
 */
export interface SendTurn {
  readonly ready: Promise<void>;
  pass(): void;
}

/** Lines of sends by key, each handing out its turns in the order they are asked for. */
export function createSendLines() {
  /** When the last turn of each line, and every turn before it, has passed. */
  const last = new Map<string, Promise<void>>();
  return {
    turn(key: string): SendTurn {
      const ready = last.get(key) ?? Promise.resolve();
      let pass = () => {};
      const own = new Promise<void>((resolve) => {
        pass = resolve;
      });
      // A turn passed early (its send refused before it waited) still lets the next go only after the one before.
      const passed = ready.then(() => own);
      last.set(key, passed);
      void passed.then(() => {
        if (last.get(key) === passed) last.delete(key);
      });
      return { ready, pass };
    },
    /** Lines with a turn not yet passed. */
    get size(): number {
      return last.size;
    },
  };
}
