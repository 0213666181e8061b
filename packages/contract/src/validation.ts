import { z } from "zod";
import {
  BIGINT_MAX,
  CONTACT_DESCRIPTION_MAX,
  INT_MAX,
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
  /** Text holding a lone UTF-16 surrogate (half of a pair), which is not Unicode text and cannot be stored. */
  malformedText: "VALIDATION_MALFORMED_TEXT",
  /** Signup without accepting the terms of service. */
  termsRequired: "VALIDATION_TERMS_REQUIRED",
  /** Signup without accepting the privacy policy. */
  privacyRequired: "VALIDATION_PRIVACY_REQUIRED",
  /** A push template naming a `{{variable}}` the sender does not fill, which phones would show as written. */
  pushVariable: "VALIDATION_PUSH_VARIABLE",
  /** An APNs key ID or team ID: ten letters and digits. */
  appleId: "VALIDATION_APPLE_ID",
  /** An iOS bundle ID: reverse-DNS segments of letters, digits and hyphens. */
  bundleId: "VALIDATION_BUNDLE_ID",
  /** An APNs device token: hex digits. */
  apnsDeviceToken: "VALIDATION_APNS_DEVICE_TOKEN",
  // The generic keys below stand in for zod's English wording wherever a rule has no key of its own.
  /** Not one of the accepted values, or of the wrong type. */
  invalidValue: "VALIDATION_INVALID_VALUE",
  /** Text not in the expected form (an id, a date, a pattern). */
  invalidFormat: "VALIDATION_INVALID_FORMAT",
  /** A number that is not a whole number where one is needed, or outside the accepted range. */
  numberRange: "VALIDATION_NUMBER_RANGE",
  /** Text shorter than the rule allows (an empty required text is `required`). */
  tooShort: "VALIDATION_TOO_SHORT",
  /** A list with fewer or more entries than the rule allows. */
  itemCount: "VALIDATION_ITEM_COUNT",
  /** An item of a bulk call naming what an earlier item of the same call already named. */
  duplicateItem: "VALIDATION_DUPLICATE_ITEM",
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

/**
 * The three kinds of character of the password rule (spec section 5), in any script: a letter is any Unicode letter
 * (Hangul, Kana, Cyrillic as much as Latin), with the combining marks that complete one; a digit is any decimal digit;
 * a special character is any other visible character (punctuation, symbols, emoji). Invisible format and control
 * characters count as no kind, so an appended zero-width space cannot pass for the second kind the user never typed.
 */
const PASSWORD_KINDS = [/[\p{L}\p{M}]/u, /\p{Nd}/u, /[^\p{L}\p{M}\p{Nd}\s\p{Z}\p{C}]/u];

/** Why a password breaks the policy of spec section 5, or an empty list when it is acceptable. */
export function passwordProblems(password: string): ValidationKey[] {
  const problems: ValidationKey[] = [];
  // Length is what the user typed, in characters: an emoji or a rare Hanja is one, though UTF-16 stores it as two.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    problems.push(V.passwordLength);
  }
  if (/[\s\p{Z}]/u.test(password)) problems.push(V.passwordSpaces);
  const kinds = PASSWORD_KINDS.filter((re) => re.test(password)).length;
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

/**
 * Characters that draw nothing: spaces, controls, format characters (U+200B–U+200F, U+2060, U+FEFF, soft hyphen,
 * bidi controls), the other default-ignorable ones (variation selectors, Hangul fillers) and the blank braille cell.
 */
const INVISIBLE_ONLY = /^[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Whether `text` would render as nothing. A name made only of zero-width characters shows as a blank row that
 * cannot be told apart or clicked, so required text refuses it exactly as it refuses spaces (`VALIDATION_REQUIRED`).
 */
export function hasVisibleText(text: string): boolean {
  return !INVISIBLE_ONLY.test(text);
}

/** {@link hasVisibleText} for a schema that already refuses empty text with `.min(1)`, so it reports one issue. */
export function isEmptyOrVisible(text: string): boolean {
  return text === "" || hasVisibleText(text);
}

/**
 * The form of a name that uniqueness compares: NFC, so a syllable typed composed ("한") and decomposed (NFD, as some
 * systems send it) is one name, and lower case, so "Sale" and "sale" are one. Lower-cased a character at a time, as
 * PostgreSQL's `lower()` does, because the unique indexes on `lower(normalize(name, NFC))` have the final word.
 */
export function nameKey(name: string): string {
  return Array.from(name.normalize("NFC"), (c) => c.toLowerCase()).join("");
}

/** A required, trimmed line of text with something visible in it. */
export const zText = (max: number) =>
  z.string().trim().min(1, V.required).refine(isEmptyOrVisible, V.required).max(max, V.tooLong);
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

export const zTag = z
  .string()
  .trim()
  .min(1, V.required)
  .refine(isEmptyOrVisible, V.required)
  .max(TAG_MAX_LENGTH, V.tagLength);
export const zTags = z
  .array(zTag)
  .max(TAGS_MAX, V.tagCount)
  .refine((tags) => new Set(tags.map(nameKey)).size === tags.length, V.tagDuplicate);

/** Invitation codes are English letters only (spec section 5). */
export const INVITE_CODE_PATTERN = /^[A-Za-z]+$/;
export const zInviteCode = z
  .string()
  .min(1, V.required)
  .max(INVITE_CODE_MAX, V.inviteCode)
  .regex(INVITE_CODE_PATTERN, V.inviteCode);

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
    mergeMinutes: z.number().int().min(1).max(INT_MAX),
  })
  .refine((s) => s.minMembers <= s.maxMembers, { message: V.subchannelOrder, path: ["maxMembers"] });

/** A profanity regular expression is written bare: `/abc/` is refused (spec section 5). */
export const zFilterRegex = z
  .string()
  .trim()
  .min(1, V.required)
  .refine((value) => !(value.startsWith("/") || value.endsWith("/")), V.regexSlashes);

/**
 * Why a text cannot be stored, or null when it can: PostgreSQL refuses a NUL character in any text, and a lone
 * UTF-16 surrogate (half of a pair, which JSON can carry as `"\ud800"`) in any `jsonb` value.
 */
export function unstorableTextKey(text: string): ValidationKey | null {
  if (text.includes("\u0000")) return V.nulCharacter;
  // With the `u` flag a well-formed pair is one code point, so only an unpaired half is in category Cs.
  if (/\p{Cs}/u.test(text)) return V.malformedText;
  return null;
}

/** Whether `text` is a bigint id: digits only, and no larger than PostgreSQL's `bigint` holds. */
export function isBigintId(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= BIGINT_MAX;
}

/** Text made of the digits 0–9 only. */
export const DIGITS_PATTERN = /^\d+$/;
/** An event id or another bigint cursor taken as text: a larger number would fail in the database, not here. */
export const zBigintId = z
  .string()
  .regex(DIGITS_PATTERN, { message: V.invalidFormat, abort: true })
  .refine(isBigintId, V.numberRange);

/** The parts of a zod issue that {@link validationKeyOf} reads. */
export interface IssueShape {
  code: string;
  message: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  format?: string;
}

const NUMBER_ORIGINS = new Set(["number", "int", "bigint", "date"]);

/**
 * The `VALIDATION_*` key of a zod issue: its own message when a rule set one, otherwise a generic key for the
 * issue's kind, so a client never receives zod's English wording (pass issues through this before answering).
 */
export function validationKeyOf(issue: IssueShape): string {
  if (issue.message.startsWith("VALIDATION_")) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return V.required;
      return issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint"
        ? V.numberRange
        : V.invalidValue;
    case "invalid_value":
      // An absent enum or literal field is missing rather than wrong, as an absent field of any other type is.
      return issue.input === undefined ? V.required : V.invalidValue;
    case "too_small":
    case "too_big":
      if (issue.origin === "string") {
        if (issue.code === "too_big") return V.tooLong;
        return Number(issue.minimum ?? 0) <= 1 ? V.required : V.tooShort;
      }
      return NUMBER_ORIGINS.has(issue.origin ?? "") ? V.numberRange : V.itemCount;
    case "not_multiple_of":
      return V.numberRange;
    case "invalid_format":
      if (issue.format === "email") return V.email;
      if (issue.format === "url") return V.url;
      return V.invalidFormat;
    default:
      return V.invalidValue;
  }
}
