/** Turns of the heartbeat in one interval: each beats about this share of the members. */
export const HEARTBEAT_TICKS = 10;

/**
 * Beats every member of `members` once per `intervalMs`, spread evenly over it: each of `HEARTBEAT_TICKS` turns a
 * round takes beats the next share of the members, in the order they were added.
 *
 * All at once, ten thousand sockets' pings are ten thousand writes in one turn of the event loop, about a tenth of a
 * second on two cores, and then as many pongs arrive together; every message being delivered meanwhile waits
 * behind them. Spread, a turn holds a tenth of that.
 *
 * A round starts no sooner than an interval after the one before, so a member's beats are at least an interval
 * apart however few members there are (a ping must have its interval to be answered in). The set is read live: a
 * member added during a round has its beat in that round if the round has not passed it, and one removed is skipped.
 */
export function createHeartbeat<T>(members: Set<T>, intervalMs: number, beat: (member: T) => void) {
  let turns = 0;
  let round: Iterator<T> | null = null;
  let roundStartedAt = Number.NEGATIVE_INFINITY;
  const turn = () => {
    turns += 1;
    const share = Math.ceil(members.size / HEARTBEAT_TICKS);
    let beaten = 0;
    while (beaten < share) {
      if (round === null) {
        if (turns - roundStartedAt < HEARTBEAT_TICKS) return;
        round = members.values();
        roundStartedAt = turns;
      }
      const next = round.next();
      if (next.done) {
        round = null;
        continue;
      }
      beat(next.value);
      beaten += 1;
    }
  };
  const timer = setInterval(turn, intervalMs / HEARTBEAT_TICKS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
