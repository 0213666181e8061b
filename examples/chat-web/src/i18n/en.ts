/**
 * The sample's own English strings: its title and sign-in screen. Everything in the chat itself comes from
 * `@parley/react`, which ships Korean and English. The Korean dictionary must have the same keys (its type says so).
 */
export const en = {
  appTitle: "Parley Chat",
  connecting: "Connecting…",

  "login.intro": "Sign in to a Parley app as a guest.",
  "login.serverUrl": "Server URL",
  "login.serverUrlPlaceholder": "{origin} (this page)",
  "login.appId": "App ID",
  "login.userId": "User ID",
  "login.userIdPlaceholder": "e.g. kim",
  "login.nickname": "Nickname",
  "login.nicknamePlaceholder": "e.g. Kim",
  "login.submit": "Sign in",
  "login.busy": "Signing in…",
} as const;

export type SampleKey = keyof typeof en;
