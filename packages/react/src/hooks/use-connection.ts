import type { ConnectionState } from "@parley/sdk";
import { useCallback, useState } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** The real-time link's state, why it closed (when it failed), and a retry. */
export function useConnection(): {
  state: ConnectionState;
  error: Error | null;
  retry: () => void;
  /** Whether the link has been opened or tried at all: a `closed` before that is not the link going down. */
  attempted: boolean;
} {
  const client = useParley();
  const [state, setState] = useState<ConnectionState>(client.connectionState);
  const [error, setError] = useState<Error | null>(null);
  const [attempted, setAttempted] = useState(client.connectionState !== "closed");
  useParleyEvent("connection", (change) => {
    setState(change.state);
    setError(change.state === "closed" && change.error ? change.error : null);
    if (change.state !== "closed") setAttempted(true);
  });
  // A failed attempt is reported through the `connection` event.
  const retry = useCallback(() => void client.connect().catch(() => undefined), [client]);
  return { state, error, retry, attempted };
}
