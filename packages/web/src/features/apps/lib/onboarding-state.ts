import { useCallback, useSyncExternalStore } from "react";

/**
 * What this browser remembers of an app's onboarding checklist: whether it was dismissed, folded or completed, and
 * whether the App ID was copied (the one step the server cannot see). Per app, so a new app starts with a fresh checklist.
 */
export const ONBOARDING_STORAGE_KEY = "parley.onboarding";

export interface OnboardingState {
  isDismissed: boolean;
  isCollapsed: boolean;
  isAppIdCopied: boolean;
  /** Every step was seen done once; the checklist stays away from then on. */
  isComplete: boolean;
}

const EMPTY: OnboardingState = { isDismissed: false, isCollapsed: false, isAppIdCopied: false, isComplete: false };
const listeners = new Set<() => void>();

function readAll(): Record<string, Partial<OnboardingState>> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, Partial<OnboardingState>>)
      : {};
  } catch {
    return {};
  }
}

// Snapshots must be stable between changes for useSyncExternalStore; the raw string is the cache key.
let cachedRaw: string | null | undefined;
let cachedAll: Record<string, Partial<OnboardingState>> = {};
function snapshotAll() {
  const raw = window.localStorage.getItem(ONBOARDING_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedAll = readAll();
  }
  return cachedAll;
}

export function updateOnboardingState(appId: string, change: Partial<OnboardingState>) {
  const all = readAll();
  try {
    window.localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ ...all, [appId]: { ...all[appId], ...change } }),
    );
  } catch (error) {
    console.warn(`Could not store ${ONBOARDING_STORAGE_KEY}`, error);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the dashboard dismissing or copying counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ONBOARDING_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The app's remembered checklist state, kept current across components and tabs. */
export function useOnboardingState(appId: string) {
  const entry = useSyncExternalStore(
    subscribe,
    () => snapshotAll()[appId],
    () => undefined,
  );
  const state: OnboardingState = { ...EMPTY, ...entry };
  const update = useCallback((change: Partial<OnboardingState>) => updateOnboardingState(appId, change), [appId]);
  return [state, update] as const;
}
