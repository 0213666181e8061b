import { describe, expect, it } from "vitest";
import { zSignupForm, zSignupRequest } from "./auth";
import { V } from "./validation";

const signup = {
  email: "new@example.com",
  password: "Parley-2026-ok",
  name: "Jisoo Park",
  contact: "01012345678",
  companyName: "Acme Chat",
  companyAddress: {},
  language: "ko",
  termsAccepted: true,
  privacyAccepted: true,
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("signup consent", () => {
  it("admits a signup that accepts both the terms and the privacy policy", () => {
    expect(zSignupRequest.safeParse(signup).success).toBe(true);
  });

  it.each([
    ["refused", false],
    ["left out", undefined],
  ])("refuses the terms or the privacy policy %s, each with its own key", (_, value) => {
    const result = zSignupRequest.safeParse({ ...signup, termsAccepted: value, privacyAccepted: value });
    expect(messagesOf(result)).toEqual([
      ["termsAccepted", V.termsRequired],
      ["privacyAccepted", V.privacyRequired],
    ]);
  });

  it("reports a mismatched password confirmation while an agreement is still missing", () => {
    const result = zSignupForm.safeParse({ ...signup, termsAccepted: undefined, passwordConfirm: "Parley-2025-ok" });
    expect(messagesOf(result)).toContainEqual(["passwordConfirm", V.passwordMismatch]);
  });
});
