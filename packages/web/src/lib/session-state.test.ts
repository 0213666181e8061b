import { type TSessionState, zSessionState } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { parseSessionState, SESSION_PAYMENT_CURRENCIES, SESSION_USER_TYPES } from "./session-state";

const valid: TSessionState = {
  sessionToken: "token",
  email: "owner@example.com",
  userType: "ordinary",
  isAdmin: false,
  subAccountAppId: null,
  passwordChangedAt: "2026-12-01T00:00:00.000Z",
  noticeFeatureEnabled: true,
  paymentCurrency: "KRW",
  language: "ko",
  passwordRequired: false,
};

const { passwordRequired: _omitted, ...withoutPasswordRequired } = valid;

/** Every field's wrong values, each tried alone on an otherwise valid session. */
const wrongValues: Record<keyof TSessionState, unknown[]> = {
  sessionToken: [undefined, null, 1],
  email: [undefined, null, true],
  userType: [undefined, "admin", "", null],
  isAdmin: [undefined, "false", 0, null],
  subAccountAppId: [undefined, 7, false],
  passwordChangedAt: [undefined, null, 0],
  noticeFeatureEnabled: [undefined, "true", 1],
  paymentCurrency: [undefined, "EUR", "krw", null],
  language: [undefined, "ja", "KO", null],
  passwordRequired: [null, "false", 0],
};

const cases: unknown[] = [
  valid,
  withoutPasswordRequired,
  { ...valid, userType: "subaccount", subAccountAppId: "app-1", paymentCurrency: "USD", language: "en" },
  { ...valid, userType: "marketplaceaccount", isAdmin: true, passwordRequired: true },
  { ...valid, extra: "dropped" },
  ...Object.entries(wrongValues).flatMap(([field, values]) => values.map((value) => ({ ...valid, [field]: value }))),
  null,
  undefined,
  "session",
  42,
  [valid],
  {},
];

describe("parseSessionState", () => {
  it("allows the same user types and currencies as the contract's session schema", () => {
    expect([...SESSION_USER_TYPES]).toEqual(zSessionState.shape.userType.options);
    expect([...SESSION_PAYMENT_CURRENCIES]).toEqual(zSessionState.shape.paymentCurrency.options);
  });

  it("accepts and returns exactly what the contract's session schema does", () => {
    for (const value of cases) {
      const parsed = zSessionState.safeParse(value);
      expect(parseSessionState(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it("defaults passwordRequired to false and drops unknown fields", () => {
    expect(parseSessionState({ ...withoutPasswordRequired, extra: 1 })).toEqual(valid);
  });
});
