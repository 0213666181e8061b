import {
  createTranslator,
  type Dictionary,
  type Entry,
  type Language,
  type MessageKey,
  type Translate,
} from "@parley/react/headless";

/**
 * The strings only a phone needs, on top of the web kit's dictionary (whose keys this kit reuses for everything the
 * two share, so an app's overrides of the web kit's strings apply here too).
 */
const nativeEn = {
  "nav.back": "Back",
  "chat.replyInThread": "Reply in thread",
  "chat.file": "File: {name}, {size}",
  "chat.fileOpen": "Opens the file",
  "chat.actionsHint": "Shows react, reply, edit and delete",
  "channels.badgeMention": "@",
  "channels.openHint": "Opens the channel",
  "call.voiceCall": "Voice call",
  "call.videoCall": "Video call",
  "chat.image": "Image: {name}",
  "chat.linkOpenHint": "Opens the page in the browser",
  "poll.share": "{percent}%",
  "poll.dialogHint": "Opens a form for a poll's question and options",
  "schedule.format": "Year-month-day hour:minute, as {example}",
  "schedule.invalid": "Write the time as {example}.",
  "schedule.inHour": "In 1 hour",
  "schedule.tomorrowMorning": "Tomorrow 9:00",
  "schedule.nextWeek": "In a week",
  "schedule.pick": "Choose a date and time",
  "schedule.hint": "Sends the typed message later, at a time you choose",
  "scheduled.openHint": "Shows the messages waiting to be sent",
} as const;

export type NativeKey = keyof typeof nativeEn;

const nativeKo: { [K in NativeKey]: Entry } = {
  "nav.back": "뒤로",
  "chat.replyInThread": "스레드에서 답글",
  "chat.file": "파일: {name}, {size}",
  "chat.fileOpen": "파일을 엽니다",
  "chat.actionsHint": "리액션, 답글, 수정, 삭제를 보여 줍니다",
  "channels.badgeMention": "@",
  "channels.openHint": "채널을 엽니다",
  "call.voiceCall": "음성 통화",
  "call.videoCall": "영상 통화",
  "chat.image": "이미지: {name}",
  "chat.linkOpenHint": "브라우저에서 페이지를 엽니다",
  "poll.share": "{percent}%",
  "poll.dialogHint": "투표 질문과 선택지를 쓰는 창을 엽니다",
  "schedule.format": "연-월-일 시:분 형식, 예: {example}",
  "schedule.invalid": "시간을 {example} 형식으로 써 주세요.",
  "schedule.inHour": "1시간 뒤",
  "schedule.tomorrowMorning": "내일 오전 9시",
  "schedule.nextWeek": "일주일 뒤",
  "schedule.pick": "날짜와 시간 고르기",
  "schedule.hint": "쓴 메시지를 고른 시간에 보냅니다",
  "scheduled.openHint": "보낼 예정인 메시지를 보여 줍니다",
};

/** The native kit's own strings in each language. */
export const nativeDictionaries: Record<Language, { [K in NativeKey]: Entry }> = { en: nativeEn, ko: nativeKo };

/** Every key of the kit: the web kit's shared ones and the phone's own. */
export type StringKey = MessageKey | NativeKey;
/** Overrides of any of the kit's strings, in the provider's language. */
export type StringOverrides = Partial<Dictionary> & Partial<{ [K in NativeKey]: Entry }>;
export type NativeTranslate = (key: StringKey, values?: Record<string, string | number>) => string;

function isNativeKey(key: StringKey): key is NativeKey {
  return key in nativeEn;
}

/**
 * A translator over both dictionaries. It is also a {@link Translate} (it takes every shared key), so the web kit's
 * hooks and helpers, which read the provider's `t`, speak the same strings with the same overrides.
 */
export function createNativeTranslator(language: Language, overrides: StringOverrides = {}): NativeTranslate {
  const shared: Translate = createTranslator(language, overrides);
  const own = nativeDictionaries[language];
  return (key, values = {}) => {
    if (!isNativeKey(key)) return shared(key, values);
    const entry = overrides[key] ?? own[key];
    const text = typeof entry === "string" ? entry : values.count === 1 ? entry.one : entry.other;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
