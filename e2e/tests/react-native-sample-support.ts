import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { useBuiltSample } from "./sample-host";

const SAMPLE_DIR = fileURLToPath(new URL("../../examples/chat-react-native", import.meta.url));

/** The React Native sample's browser version (react-native-web, through its Vite config), built and served. */
export const useReactNativeSample = () => useBuiltSample(SAMPLE_DIR);

/** The sample's sign-in words (examples/chat-react-native/src/i18n.ts) and the kit's, in each language. */
export const RN_WORDS = {
  en: {
    language: "English",
    serverUrl: "Server URL",
    appId: "App ID",
    userId: "User ID",
    nickname: "Nickname",
    signIn: "Sign in",
    channels: "Channels",
    directChatWith: "User ID to chat with",
    directChat: "Chat",
    message: "Message",
    send: "Send",
    attach: "Attach a file",
    actions: "Message actions",
    reactWith: (emoji: string) => `React with ${emoji}`,
    reactionChip: (emoji: string, count: number) => `${emoji} ${count}: toggle your reaction`,
    replyInThread: "Reply in thread",
    replies: (count: number) => (count === 1 ? "1 reply" : `${count} replies`),
    thread: "Thread",
    back: "Back",
    file: (name: string) => `File: ${name}, `,
    offline: "You're offline. Messages will be sent when you're back.",
    waiting: "Waiting to send",
    videoCall: "Video call",
    incomingVideo: (name: string) => `Video call from ${name}`,
    accept: "Accept",
    hangUp: "Hang up",
    ended: "Call ended",
    close: "Close",
  },
  ko: {
    language: "한국어",
    serverUrl: "서버 URL",
    appId: "앱 ID",
    userId: "사용자 ID",
    nickname: "닉네임",
    signIn: "로그인",
    channels: "채널",
    directChatWith: "대화할 사용자 ID",
    directChat: "대화",
    message: "메시지",
    send: "보내기",
    attach: "파일 첨부",
    actions: "메시지 메뉴",
    reactWith: (emoji: string) => `${emoji} 리액션 남기기`,
    reactionChip: (emoji: string, count: number) => `${emoji} ${count}: 내 리액션 켜고 끄기`,
    replyInThread: "스레드에서 답글",
    replies: (count: number) => `답글 ${count}개`,
    thread: "스레드",
    back: "뒤로",
    file: (name: string) => `파일: ${name}, `,
    offline: "오프라인입니다. 연결되면 메시지를 보냅니다.",
    waiting: "전송 대기 중",
    videoCall: "영상 통화",
    incomingVideo: (name: string) => `${name} 님의 영상 통화`,
    accept: "받기",
    hangUp: "끊기",
    ended: "통화 종료",
    close: "닫기",
  },
} as const;
export type RnLanguage = keyof typeof RN_WORDS;

/**
 * Opens the sample at `url` in a browser context of its own (its own storage), in `language`, signed in as a guest
 * whose nickname is the user ID in capitals, on a phone-sized screen; resolves on the kit's channel list.
 */
export async function signInToReactNativeSample(
  browser: Browser,
  url: string,
  language: RnLanguage,
  options: { server: string; appId: string; userId: string },
): Promise<Page> {
  const words = RN_WORDS[language];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("button", { name: words.language, exact: true }).click();
  await page.getByLabel(words.serverUrl, { exact: true }).fill(options.server);
  await page.getByLabel(words.appId, { exact: true }).fill(options.appId);
  await page.getByLabel(words.userId, { exact: true }).fill(options.userId);
  await page.getByLabel(words.nickname, { exact: true }).fill(options.userId.toUpperCase());
  await page.getByRole("button", { name: words.signIn, exact: true }).click();
  await expect(page.getByRole("heading", { name: words.channels, exact: true })).toBeVisible();
  return page;
}
