import type { TSessionState } from "@parley/contract";
import { useSyncExternalStore } from "react";
import { parseSessionState } from "./session-state";
import { SESSION_STORAGE_KEY } from "./storage-keys";

/**
 * Session state of spec section 3 (token, email, user type, sub-account app id, password-changed time,
 * notice-feature flag, payment currency, admin flag, account language).
 *
 * localStorage key `parley.session` holds the whole `TSessionState` as JSON, so logout clears every piece of it
 * with one removal and a half-written session can never survive. The value is re-validated with the contract
 * schema's rules on load (`parseSessionState`); anything that does not pass is dropped. The UI language lives apart, under `parley.language`
 * (see i18n), because it outlives a logout.
 */
export { SESSION_STORAGE_KEY };

type Listener = () => void;

/** Why the last session ended: a logout goes home, an expired or revoked token goes to /login. */
export type SessionEndReason = "logout" | "expired";

const listeners = new Set<Listener>();
let current: TSessionState | null = readStoredSession();
let endReason: SessionEndReason | null = null;

function readStoredSession(): TSessionState | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    return parseSessionState(JSON.parse(raw));
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): TSessionState | null {
  return current;
}

export function setSession(session: TSessionState) {
  current = session;
  endReason = null;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch (error) {
    console.warn("Could not persist the session", error);
  }
  emit();
}

/** Merges a change (e.g. a new passwordChangedAt) into the live session; ignored when logged out. */
export function updateSession(patch: Partial<Omit<TSessionState, "sessionToken">>) {
  if (!current) return;
  setSession({ ...current, ...patch });
}

export function clearSession(reason: SessionEndReason = "expired") {
  current = null;
  endReason = reason;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.warn("Could not clear the stored session", error);
  }
  emit();
}

export function getSessionEndReason(): SessionEndReason | null {
  return endReason;
}

/** Re-reads storage; tests and the cross-tab listener use it. */
export function reloadSession() {
  current = readStoredSession();
  emit();
}

export function subscribeSession(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): TSessionState | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

if (typeof window !== "undefined") {
  // A logout or login in another tab changes what this tab may do; follow it.
  window.addEventListener("storage", (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) reloadSession();
  });
}

export function isRestrictedAccount(session: TSessionState): boolean {
  return session.userType === "subaccount" || session.userType === "marketplaceaccount";
}
