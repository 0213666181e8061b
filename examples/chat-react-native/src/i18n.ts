/** The languages of the sample and of the kit's chat. */
export type Language = "ko" | "en";

/**
 * The sample's own words: its title and sign-in screen. Everything in the chat itself comes from
 * `@parley/react-native`, which ships Korean and English.
 */
const en = {
  appTitle: "Parley Chat",
  connecting: "Connecting…",
  intro: "Sign in to a Parley app as a guest, or with a login token your server issued.",
  serverUrl: "Server URL",
  appId: "App ID",
  guest: "Guest",
  withToken: "Token",
  userId: "User ID",
  nickname: "Nickname",
  token: "Login token",
  signIn: "Sign in",
  signingIn: "Signing in…",
  light: "Light",
  dark: "Dark",
  signOut: "Sign out",
  directChatWith: "User ID to chat with",
  directChat: "Chat",
  sessionEnded: "Your session ended. Sign in again.",
};

export type SampleKey = keyof typeof en;

const ko: Record<SampleKey, string> = {
  appTitle: "Parley 채팅",
  connecting: "연결 중…",
  intro: "게스트로, 또는 서버가 발급한 로그인 토큰으로 Parley 앱에 로그인합니다.",
  serverUrl: "서버 URL",
  appId: "앱 ID",
  guest: "게스트",
  withToken: "토큰",
  userId: "사용자 ID",
  nickname: "닉네임",
  token: "로그인 토큰",
  signIn: "로그인",
  signingIn: "로그인 중…",
  light: "라이트",
  dark: "다크",
  signOut: "로그아웃",
  directChatWith: "대화할 사용자 ID",
  directChat: "대화",
  sessionEnded: "세션이 끝났습니다. 다시 로그인하세요.",
};

/** Each language's name in itself, as its switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ko: "한국어" };

/** The sample's word for `key` in `language`, with `{name}` placeholders filled from `values`. */
export function translate(language: Language, key: SampleKey, values: Record<string, string> = {}): string {
  const text = (language === "ko" ? ko : en)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The device's language when it is Korean, otherwise English. */
export function deviceLanguage(): Language {
  return Intl.DateTimeFormat().resolvedOptions().locale.toLowerCase().startsWith("ko") ? "ko" : "en";
}
