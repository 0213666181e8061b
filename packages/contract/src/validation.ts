import { z } from "zod";
import {
  CONTACT_DESCRIPTION_MAX,
  INVITE_CODE_MAX,
  MUTE_MAX_MINUTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUBCHANNEL_MAX_MEMBERS,
  SUBCHANNEL_MIN_MEMBERS,
  TAG_MAX_LENGTH,
  TAGS_MAX,
} from "./constants";

/**
 * Validation rules shared by the forms and the routes. Each issue's message is a stable key
 * (`VALIDATION_...`) that the web app localizes; the server returns it in `data.fields`.
 */
export const V = {
  required: "VALIDATION_REQUIRED",
  email: "VALIDATION_EMAIL",
  passwordLength: "VALIDATION_PASSWORD_LENGTH",
  passwordKinds: "VALIDATION_PASSWORD_KINDS",
  passwordSpaces: "VALIDATION_PASSWORD_SPACES",
  passwordRepeat: "VALIDATION_PASSWORD_REPEAT",
  passwordMismatch: "VALIDATION_PASSWORD_MISMATCH",
  phone: "VALIDATION_PHONE",
  tooLong: "VALIDATION_TOO_LONG",
  url: "VALIDATION_URL",
  tagLength: "VALIDATION_TAG_LENGTH",
  tagCount: "VALIDATION_TAG_COUNT",
  tagDuplicate: "VALIDATION_TAG_DUPLICATE",
  inviteCode: "VALIDATION_INVITE_CODE",
  muteMinutes: "VALIDATION_MUTE_MINUTES",
  subchannelMin: "VALIDATION_SUBCHANNEL_MIN",
  subchannelMax: "VALIDATION_SUBCHANNEL_MAX",
  subchannelOrder: "VALIDATION_SUBCHANNEL_ORDER",
  regexSlashes: "VALIDATION_REGEX_SLASHES",
  regexInvalid: "VALIDATION_REGEX_INVALID",
  /** Text holding a NUL character, which cannot be stored. */
  nulCharacter: "VALIDATION_NUL_CHARACTER",
  regexUnsafe: "VALIDATION_REGEX_UNSAFE",
  pushInterval: "VALIDATION_PUSH_INTERVAL",
  languageCode: "VALIDATION_LANGUAGE_CODE",
  regexCount: "VALIDATION_REGEX_COUNT",
  keyword: "VALIDATION_KEYWORD",
  keywordLength: "VALIDATION_KEYWORD_LENGTH",
  keywordCount: "VALIDATION_KEYWORD_COUNT",
  channelTypesRequired: "VALIDATION_CHANNEL_TYPES_REQUIRED",
  userId: "VALIDATION_USER_ID",
  metadataCount: "VALIDATION_METADATA_COUNT",
  memberLimit: "VALIDATION_MEMBER_LIMIT",
  inviteCount: "VALIDATION_INVITE_COUNT",
  messageLength: "VALIDATION_MESSAGE_LENGTH",
  singleLine: "VALIDATION_SINGLE_LINE",
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

/** Why a password breaks the policy of spec section 5, or an empty list when it is acceptable. */
export function passwordProblems(password: string): ValidationKey[] {
  const problems: ValidationKey[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    problems.push(V.passwordLength);
  }
  if (/\s/.test(password)) problems.push(V.passwordSpaces);
  const kinds = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9\s]/].filter((re) => re.test(password)).length;
  if (kinds < 2) problems.push(V.passwordKinds);
  if (/(.)\1\1/su.test(password)) problems.push(V.passwordRepeat);
  return problems;
}

export const zEmail = z.string().trim().toLowerCase().min(1, V.required).max(254, V.tooLong).pipe(z.email(V.email));

export const zPassword = z
  .string()
  .min(1, V.required)
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: "custom", message });
  });

/** A required, trimmed line of text. */
export const zText = (max: number) => z.string().trim().min(1, V.required).max(max, V.tooLong);
/**
 * A required line of text with no line breaks or other control characters, for values that end up in mail
 * headers (a name in a subject), where a line break would start a header of the sender's choosing.
 */
export const zSingleLineText = (max: number) => zText(max).regex(/^[^\p{Cc}\u2028\u2029]*$/u, V.singleLine);
/** An optional, trimmed line of text; empty means absent. */
export const zOptionalText = (max: number) => z.string().trim().max(max, V.tooLong).default("");

/** Phone numbers are digits only, no hyphens (spec section 5); a leading + for international numbers. */
export const zPhone = z
  .string()
  .trim()
  .min(1, V.required)
  .regex(/^\+?[0-9]{6,20}$/, V.phone);

export const zHttpUrl = z
  .string()
  .trim()
  .max(2048, V.tooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, V.url);

export const zOptionalHttpUrl = z.union([z.literal(""), zHttpUrl]).default("");

export const zContactDescription = zText(CONTACT_DESCRIPTION_MAX);

export const zTag = z.string().trim().min(1, V.required).max(TAG_MAX_LENGTH, V.tagLength);
export const zTags = z
  .array(zTag)
  .max(TAGS_MAX, V.tagCount)
  .refine((tags) => new Set(tags).size === tags.length, V.tagDuplicate);

export const zInviteCode = z
  .string()
  .min(1, V.required)
  .max(INVITE_CODE_MAX, V.inviteCode)
  .regex(/^[A-Za-z]+$/, V.inviteCode);

export const zMuteMinutes = z
  .number({ error: V.required })
  .int(V.muteMinutes)
  .min(1, V.muteMinutes)
  .max(MUTE_MAX_MINUTES, V.muteMinutes);

export const zSubchannelSettings = z
  .object({
    enabled: z.boolean(),
    minMembers: z.number().int().min(SUBCHANNEL_MIN_MEMBERS, V.subchannelMin),
    maxMembers: z.number().int().max(SUBCHANNEL_MAX_MEMBERS, V.subchannelMax),
    mergeMinutes: z.number().int().min(1),
  })
  .refine((s) => s.minMembers <= s.maxMembers, { message: V.subchannelOrder, path: ["maxMembers"] });

/** A profanity regular expression is written bare: `/abc/` is refused (spec section 5). */
export const zFilterRegex = z
  .string()
  .trim()
  .min(1, V.required)
  .refine((value) => !(value.startsWith("/") || value.endsWith("/")), V.regexSlashes);
