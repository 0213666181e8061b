import type { Call } from "@parley/sdk";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ChatClient } from "../client";
import { type CallsState, useParleyContext } from "../context";
import { useClientEvent } from "./use-parley";

export type { CallsState } from "../context";

/** Keeps the calls state for {@link ParleyProvider}; components read it with {@link useCall}. */
export function useCallsState(client: ChatClient): CallsState {
  const [call, setCall] = useState<Call | null>(client.calls.current);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  useClientEvent(client, "call.incoming", (incoming) => {
    // A second call cannot ring while one goes on (the server answers its caller "busy"); one that has ended and
    // still shows its summary gives way.
    setCall((current) => (current && !current.hasEnded ? current : incoming));
  });

  const start = useCallback(
    async (userId: string, video: boolean) => {
      setError(null);
      try {
        setCall(await client.calls.start(userId, { video }));
      } catch (failure) {
        setError(failure);
      }
    },
    [client],
  );
  const close = useCallback(() => {
    setCall(null);
    setVersion((v) => v + 1);
  }, []);
  const clearError = useCallback(() => setError(null), []);

  return useMemo(
    () => ({ call, start, close, error, clearError, version }),
    [call, start, close, error, clearError, version],
  );
}

/** The user's call and starting one, shared by every component under the provider (`client.calls`). */
export function useCall(): CallsState {
  return useParleyContext().calls;
}

/** Re-renders on every move of a call, and once a second while it goes on (for its duration). */
export function useCallState(call: Call): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const rerender = () => setTick((n) => n + 1);
    const stops = [call.on("state", rerender), call.on("media.state", rerender), call.on("ended", rerender)];
    const timer = setInterval(rerender, 1000);
    return () => {
      for (const stop of stops) stop();
      clearInterval(timer);
    };
  }, [call]);
}
