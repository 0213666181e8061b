import { ParleyConnectionError, ParleyError } from "@parley/sdk";
import type { MessageKey, Translate } from "../i18n/translate";

/** Codes a chat user meets and can act on, said in their language; others show the API's own text. */
const EXPLAINED_CODES = [
  "3013",
  "3016",
  "3020",
  "3021",
  "3022",
  "3023",
  "3032",
  "3062",
  "3080",
  "3230",
  "3231",
  "3232",
  "3233",
  "3241",
  "3255",
  "3256",
] as const;

/** A line for the user: what went wrong in their language where the kit knows the code, or the API's message. */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof ParleyError) {
    const known = EXPLAINED_CODES.find((code) => code === error.code);
    return known
      ? t(`error.${known}` satisfies MessageKey)
      : t("error.other", { message: error.message, code: error.code });
  }
  if (error instanceof ParleyConnectionError) return t("error.connection");
  return error instanceof Error ? error.message : String(error);
}

/** A catalogue code alone (a scheduled message's refusal, say) in the user's language, or the code itself. */
export function describeCode(code: string, t: Translate): string {
  const known = EXPLAINED_CODES.find((explained) => explained === code);
  return known ? t(`error.${known}` satisfies MessageKey) : t("error.code", { code });
}
