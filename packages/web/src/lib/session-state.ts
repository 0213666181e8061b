import { isLanguage, type TSessionState } from "@parley/contract";

/** The values `zSessionState` allows for these fields (the test compares them with the schema's). */
export const SESSION_USER_TYPES = ["ordinary", "subaccount", "marketplaceaccount"] as const;
export const SESSION_PAYMENT_CURRENCIES = ["KRW", "USD"] as const;

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}

/**
 * The stored session checked by hand instead of with the contract's `zSessionState`: the check runs before the first
 * paint of every page, and the schema would bring the whole validation library onto that path. It accepts exactly
 * what the schema accepts and returns what the schema would (unknown keys dropped, `passwordRequired` defaulting to
 * false); session-state.test.ts holds the two side by side.
 */
export function parseSessionState(value: unknown): TSessionState | null {
  if (!isRecord(value)) return null;
  const {
    sessionToken,
    email,
    userType,
    isAdmin,
    subAccountAppId,
    passwordChangedAt,
    noticeFeatureEnabled,
    paymentCurrency,
    language,
    passwordRequired = false,
  } = value;
  if (typeof sessionToken !== "string" || typeof email !== "string" || typeof passwordChangedAt !== "string") {
    return null;
  }
  if (!isOneOf(SESSION_USER_TYPES, userType) || !isOneOf(SESSION_PAYMENT_CURRENCIES, paymentCurrency)) return null;
  if (typeof isAdmin !== "boolean" || typeof noticeFeatureEnabled !== "boolean") return null;
  if (typeof passwordRequired !== "boolean") return null;
  if (subAccountAppId !== null && typeof subAccountAppId !== "string") return null;
  if (!isLanguage(language)) return null;
  return {
    sessionToken,
    email,
    userType,
    isAdmin,
    subAccountAppId,
    passwordChangedAt,
    noticeFeatureEnabled,
    paymentCurrency,
    language,
    passwordRequired,
  };
}
