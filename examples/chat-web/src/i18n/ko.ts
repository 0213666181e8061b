import type { SampleKey } from "./en";

/** The sample's own Korean strings, key for key with the English ones. */
export const ko: Record<SampleKey, string> = {
  appTitle: "Parley 채팅",
  connecting: "연결 중…",

  "login.intro": "게스트로 Parley 앱에 로그인합니다.",
  "login.serverUrl": "서버 URL",
  "login.serverUrlPlaceholder": "{origin} (이 페이지)",
  "login.appId": "앱 ID",
  "login.userId": "사용자 ID",
  "login.userIdPlaceholder": "예: kim",
  "login.nickname": "닉네임",
  "login.nicknamePlaceholder": "예: 김민수",
  "login.submit": "로그인",
  "login.busy": "로그인 중…",
};
