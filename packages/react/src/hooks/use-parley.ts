import type { ParleyEventMap, TChatUser } from "@parley/sdk";
import { useLayoutEffect, useRef } from "react";
import type { ChatClient } from "../client";
import { useParleyContext } from "../context";
import type { Language, Translate } from "../i18n/translate";

/** The client given to {@link ParleyProvider}. */
export function useParley(): ChatClient {
  return useParleyContext().client;
}

/** The signed-in user's ID, or "" when the client has none (before login). */
export function useMyUserId(): string {
  return useParleyContext().client.currentUser?.userId ?? "";
}

/** The signed-in user, or null before login. */
export function useCurrentUser(): TChatUser | null {
  return useParleyContext().client.currentUser;
}

/** The kit's strings in the provider's language: `t(key, values)`, and the language itself. */
export function useStrings(): { t: Translate; language: Language } {
  const { t, language } = useParleyContext();
  return { t, language };
}

/**
 * Listens to one client event for the component's lifetime; the latest `handler` is always the one called. It
 * listens from the moment the component is on screen (a layout effect): with a passive effect, an event that came
 * after the component was drawn and before React ran its effects was lost, and what it changed never showed.
 */
export function useClientEvent<K extends keyof ParleyEventMap>(
  client: ChatClient,
  type: K,
  handler: (payload: ParleyEventMap[K]) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => client.on(type, (payload) => latest.current(payload)), [client, type]);
}

/** Listens to one event of the provider's client (`message.created`, `connection`, …) while mounted. */
export function useParleyEvent<K extends keyof ParleyEventMap>(
  type: K,
  handler: (payload: ParleyEventMap[K]) => void,
): void {
  useClientEvent(useParley(), type, handler);
}
