import type { Call, ParleyClient } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { useParleyEvent } from "../hooks";

/** The user's one call on this device (ringing, going on, or just ended), and starting one. */
export function useCalls(client: ParleyClient) {
  const [call, setCall] = useState<Call | null>(client.calls.current);
  const [error, setError] = useState<unknown>(null);

  useParleyEvent(client, "call.incoming", (incoming) => {
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

  return { call, start, close: () => setCall(null), error, clearError: () => setError(null) };
}

/** Re-renders on every move of a call, and once a second while it goes on (for its duration). */
export function useCallState(call: Call) {
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

/** `m:ss`, or `h:mm:ss` past an hour. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
