import {
  PUSH_TEMPLATE_VARIABLES,
  type TPushTemplateKey,
  type TPushTemplateValues,
  type TPushTemplateVariable,
} from "@parley/contract";
import type { TFunction } from "i18next";

/** The i18n key of a template's event name: the key's slashes become nesting, `message/send` → `message.send`. */
export function templateNameKey(key: TPushTemplateKey | "test"): string {
  return `push.events.${key.replaceAll("/", ".")}`;
}

/** The i18n key of a variable's sample value, `sender.name` → `push.sample.senderName`. */
const SAMPLE_KEYS: Record<TPushTemplateVariable, string> = {
  app: "push.sample.app",
  channel: "push.sample.channel",
  message: "push.sample.message",
  "sender.name": "push.sample.senderName",
  "sender.profileImageUrl": "push.sample.senderProfileImageUrl",
};

/**
 * Sample values in the UI language, so the preview reads like a notification the owner's users would get. The app
 * is the real one: its name is what phones show above every notification, and what `{{app}}` becomes.
 */
export function sampleValues(t: TFunction, appName: string): TPushTemplateValues {
  const values = Object.fromEntries(PUSH_TEMPLATE_VARIABLES.map((name) => [name, t(SAMPLE_KEYS[name])]));
  return { ...values, app: appName || t(SAMPLE_KEYS.app) } as TPushTemplateValues;
}

export function variableToken(name: TPushTemplateVariable): string {
  return `{{${name}}}`;
}

/** The text with `token` replacing the selection, and where the caret goes next (right after the token). */
export function insertAt(text: string, token: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
