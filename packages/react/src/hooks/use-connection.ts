import type { ConnectionState } from "@parley/sdk";
import { useCallback, useState } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** The real-time link's state, why it closed (when it failed), and a retry. */
export function useConnection(): { state: ConnectionState; error: Error | null; retry: () => void } {
  const client = useParley();
  const [state, setState] = useState<ConnectionState>(client.connectionState);
  const [error, setError] = useState<Error | null>(null);
  useParleyEvent("connection", (change) => {
    setState(change.state);
    setError(change.state === "closed" && change.error ? change.error : null);
  });
  // A failed attempt is reported through the `connection` event.
  const retry = useCallback(() => void client.connect().catch(() => undefined), [client]);
  return { state, error, retry };
}
