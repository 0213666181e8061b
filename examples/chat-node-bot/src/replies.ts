/** What the bot says to a message: its commands, in the language the message was written in. */

const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;

export type Language = "ko" | "en";

export const languageOf = (text: string): Language => (HANGUL.test(text) ? "ko" : "en");

const HELP: Record<Language, string> = {
  en: "Commands: /ping, /time, /echo <text>, /help",
  ko: "명령어: /핑, /시간, /따라하기 <내용>, /도움말",
};

/** Each command by its English and Korean names. */
const COMMANDS: Record<string, "ping" | "time" | "echo" | "help"> = {
  "/ping": "ping",
  "/핑": "ping",
  "/time": "time",
  "/시간": "time",
  "/echo": "echo",
  "/따라하기": "echo",
  "/help": "help",
  "/도움말": "help",
};

/**
 * The bot's answer to `text`, or null when it is not a command: the bot speaks only when asked, so it can sit in
 * a busy channel without answering every line.
 */
export function replyTo(text: string, now: Date): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("/")) return null;
  const [name = "", ...rest] = trimmed.split(/\s+/);
  const command = COMMANDS[name.toLowerCase()];
  const language = languageOf(trimmed);
  switch (command) {
    case "ping":
      return language === "ko" ? "퐁" : "pong";
    case "time":
      return language === "ko" ? `지금은 ${now.toISOString()} (UTC)입니다.` : `It is ${now.toISOString()} (UTC).`;
    case "echo": {
      const said = rest.join(" ");
      if (said) return said;
      return language === "ko" ? "따라 할 내용을 적어 주세요: /따라하기 안녕" : "Tell me what to echo: /echo hello";
    }
    case "help":
      return HELP[language];
    default:
      return language === "ko" ? `모르는 명령어예요. ${HELP.ko}` : `I don't know that one. ${HELP.en}`;
  }
}

/** The greeting for a member who joined the bot's channel. */
export function welcome(nickname: string, language: Language = "en"): string {
  return language === "ko"
    ? `${nickname}님, 환영합니다! /도움말 을 입력해 보세요.`
    : `Welcome, ${nickname}! Type /help to see what I can do.`;
}
