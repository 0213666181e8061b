import { useCallback, useMemo, useState } from "react";

/** What the chat view's socket has heard since the members list loaded: presence and read marks, by user ID. */
export interface LiveMemberState {
  presence: ReadonlyMap<string, boolean>;
  readSeq: ReadonlyMap<string, number>;
}

/**
 * Members' presence and read marks as the chat view's socket reports them (`user.presence`, `channel.read`), by
 * user ID, laid over the members list so it changes without being read again.
 */
export function useLiveMembers() {
  const [presence, setPresence] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const [readSeq, setReadSeq] = useState<ReadonlyMap<string, number>>(() => new Map());
  const read = useCallback((userId: string, seq: number) => {
    // Receipts are throttled and may cross: a mark never moves back.
    setReadSeq((old) => ((old.get(userId) ?? 0) >= seq ? old : new Map(old).set(userId, seq)));
  }, []);
  const presenceChanged = useCallback((userId: string, isOnline: boolean) => {
    setPresence((old) => (old.get(userId) === isOnline ? old : new Map(old).set(userId, isOnline)));
  }, []);
  const live: LiveMemberState = useMemo(() => ({ presence, readSeq }), [presence, readSeq]);
  return { live, read, presenceChanged };
}
