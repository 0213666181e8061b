import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in a prerendered page until React has taken it over, then true. A prerendered form's submit button uses
 * it to stay disabled until its handler is attached: a click before that would be lost, or would submit the
 * form natively, putting what was typed in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
