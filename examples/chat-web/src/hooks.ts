import type { ParleyClient, ParleyEventMap } from "@parley/sdk";
import { useEffect, useLayoutEffect, useRef } from "react";

/** Listens to one client event for the component's lifetime; the latest `handler` is always the one called. */
export function useParleyEvent<K extends keyof ParleyEventMap>(
  client: ParleyClient,
  type: K,
  handler: (payload: ParleyEventMap[K]) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.on(type, (payload) => latest.current(payload)), [client, type]);
}
