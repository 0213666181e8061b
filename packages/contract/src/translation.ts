import { z } from "zod";
import { V } from "./validation";

export const zTranslationEnabled = z.object({ enabled: z.boolean() });
export type TTranslationEnabled = z.infer<typeof zTranslationEnabled>;

/** A Google Cloud API key; its value is never sent back, only its last characters. */
export const zTranslationKeyRequest = z.object({
  key: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
});
export type TTranslationKeyRequest = z.infer<typeof zTranslationKeyRequest>;
export const zTranslationKey = z.object({ hint: z.string(), createdAt: z.string() });
export type TTranslationKey = z.infer<typeof zTranslationKey>;
export const zTranslationKeyResponse = z.object({ key: zTranslationKey.nullable() });
export type TTranslationKeyResponse = z.infer<typeof zTranslationKeyResponse>;
/** The result of trying a key against the translation service; `reason` is the service's own words. */
export const zTranslationVerifyResponse = z.object({ valid: z.boolean(), reason: z.string().nullable() });
export type TTranslationVerifyResponse = z.infer<typeof zTranslationVerifyResponse>;

/** A BCP-47 language code as Google's Translation API takes it: `ko`, `en`, `zh-CN`, `pt-BR`. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const zLanguageCode = z.string().regex(LANGUAGE_CODE_PATTERN, V.languageCode);

/**
 * `zh-cn` and `zh-CN` are one language to Google, so they must be one cache entry too: the region goes upper
 * case and a script title case, as BCP 47 writes them.
 */
export function canonicalLanguage(language: string): string {
  const [primary = "", subtag] = language.split("-");
  if (subtag === undefined) return primary.toLowerCase();
  const rest =
    subtag.length === 4 ? `${subtag[0]?.toUpperCase()}${subtag.slice(1).toLowerCase()}` : subtag.toUpperCase();
  return `${primary.toLowerCase()}-${rest}`;
}

export const zTranslationParams = z.object({
  channelId: z.string().uuid(),
  messageId: z.string().uuid(),
  language: zLanguageCode,
});
export const zMessageTranslation = z.object({
  messageId: z.string(),
  language: z.string(),
  text: z.string(),
  /** The language the service detected in the original text. */
  sourceLanguage: z.string().nullable(),
});
export type TMessageTranslation = z.infer<typeof zMessageTranslation>;
export const zMessageTranslationResponse = z.object({ translation: zMessageTranslation });
export type TMessageTranslationResponse = z.infer<typeof zMessageTranslationResponse>;
