import type { TCallState } from "@parley/contract";

/** The call list's filters as the page holds them: exact user id, a state or all, and an ISO start-time range. */
export interface CallFilters {
  userId: string;
  state: TCallState | "all";
  from?: string;
  to?: string;
}

export const callKeys = {
  all: ["calls"] as const,
  app: (appId: string) => [...callKeys.all, appId] as const,
  listRoot: (appId: string) => [...callKeys.app(appId), "list"] as const,
  list: (appId: string, filters: CallFilters) => [...callKeys.listRoot(appId), filters] as const,
  call: (appId: string, callId: string) => [...callKeys.app(appId), "one", callId] as const,
  settings: (appId: string) => [...callKeys.app(appId), "settings"] as const,
  iceServers: (appId: string) => [...callKeys.app(appId), "ice-servers"] as const,
};
