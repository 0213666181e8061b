import { describe, expect, it } from "vitest";
import {
  passwordProblems,
  V,
  zContactDescription,
  zEmail,
  zFilterRegex,
  zHttpUrl,
  zInviteCode,
  zMuteMinutes,
  zPhone,
  zSubchannelSettings,
  zTags,
} from "./validation";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("password policy", () => {
  it.each([
    ["Abcdefgh12", []],
    ["abcdefghij!", []],
    ["1234567890!", []],
    ["Short1!", [V.passwordLength]],
    ["abcdefghijk", [V.passwordKinds]],
    ["12345678901", [V.passwordKinds]],
    ["abcde fgh12", [V.passwordSpaces]],
    ["abcdefggg12", [V.passwordRepeat]],
    ["!!!!!!!!!!!", [V.passwordKinds, V.passwordRepeat]],
  ])("%s → %j", (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it("accepts exactly 10 characters and refuses 9", () => {
    expect(passwordProblems("abcd12345x")).toEqual([]);
    expect(passwordProblems("abcd1234x")).toEqual([V.passwordLength]);
  });

  it("allows two identical characters in a row but not three", () => {
    expect(passwordProblems("aabbcc1122")).toEqual([]);
    expect(passwordProblems("aabbcc1112")).toEqual([V.passwordRepeat]);
  });
});

describe("email", () => {
  it("normalizes case and spaces", () => {
    expect(zEmail.parse("  Dev@Example.COM ")).toBe("dev@example.com");
  });
  it.each(["plain", "a@", "@b.co", "a b@c.co"])("refuses %s", (value) => {
    expect(messages(zEmail.safeParse(value))).toContain(V.email);
  });
});

describe("phone", () => {
  it("accepts digits without hyphens", () => {
    expect(zPhone.parse("01012345678")).toBe("01012345678");
    expect(zPhone.parse("+821012345678")).toBe("+821012345678");
  });
  it("refuses hyphens and letters", () => {
    expect(messages(zPhone.safeParse("010-1234-5678"))).toEqual([V.phone]);
    expect(messages(zPhone.safeParse("call me"))).toEqual([V.phone]);
  });
});

describe("contact description", () => {
  it("allows 1000 characters and refuses 1001", () => {
    expect(zContactDescription.safeParse("x".repeat(1000)).success).toBe(true);
    expect(messages(zContactDescription.safeParse("x".repeat(1001)))).toEqual([V.tooLong]);
  });
});

describe("webhook URL", () => {
  it("accepts http and https URLs", () => {
    expect(zHttpUrl.safeParse("https://hooks.example.com/parley").success).toBe(true);
    expect(zHttpUrl.safeParse("http://10.0.0.1:8080/x").success).toBe(true);
  });
  it.each(["ftp://example.com", "example.com/hook", "javascript:alert(1)", ""])("refuses %j", (value) => {
    expect(messages(zHttpUrl.safeParse(value))).toContain(V.url);
  });
});

describe("tags", () => {
  it("allows up to 10 tags of up to 10 characters", () => {
    expect(zTags.safeParse(Array.from({ length: 10 }, (_, i) => `tag${i}`)).success).toBe(true);
    expect(zTags.safeParse(["abcdefghij"]).success).toBe(true);
  });
  it("refuses an 11th tag, an 11-character tag and duplicates", () => {
    expect(messages(zTags.safeParse(Array.from({ length: 11 }, (_, i) => `t${i}`)))).toContain(V.tagCount);
    expect(messages(zTags.safeParse(["abcdefghijk"]))).toContain(V.tagLength);
    expect(messages(zTags.safeParse(["news", "news"]))).toContain(V.tagDuplicate);
  });
});

describe("invite code", () => {
  it("accepts English letters up to 24", () => {
    expect(zInviteCode.safeParse("a".repeat(24)).success).toBe(true);
  });
  it("refuses digits, Korean and a 25th letter", () => {
    expect(messages(zInviteCode.safeParse("abc123"))).toEqual([V.inviteCode]);
    expect(messages(zInviteCode.safeParse("초대코드"))).toEqual([V.inviteCode]);
    expect(messages(zInviteCode.safeParse("a".repeat(25)))).toEqual([V.inviteCode]);
  });
});

describe("mute minutes", () => {
  it("allows 1 to 1440", () => {
    expect(zMuteMinutes.safeParse(1).success).toBe(true);
    expect(zMuteMinutes.safeParse(1440).success).toBe(true);
  });
  it("refuses 0, 1441 and fractions", () => {
    for (const value of [0, 1441, 2.5]) expect(messages(zMuteMinutes.safeParse(value))).toEqual([V.muteMinutes]);
  });
});

describe("subchannel settings", () => {
  const base = { enabled: true, minMembers: 500, maxMembers: 3000, mergeMinutes: 10 };
  it("accepts the bounds", () => {
    expect(zSubchannelSettings.safeParse(base).success).toBe(true);
  });
  it("refuses a minimum below 500, a maximum above 3000, and min above max", () => {
    expect(messages(zSubchannelSettings.safeParse({ ...base, minMembers: 499 }))).toContain(V.subchannelMin);
    expect(messages(zSubchannelSettings.safeParse({ ...base, maxMembers: 3001 }))).toContain(V.subchannelMax);
    expect(messages(zSubchannelSettings.safeParse({ ...base, minMembers: 900, maxMembers: 800 }))).toContain(
      V.subchannelOrder,
    );
  });
});

describe("profanity regular expressions", () => {
  it("refuses a pattern wrapped in slashes", () => {
    expect(zFilterRegex.safeParse("bad(word)?").success).toBe(true);
    expect(messages(zFilterRegex.safeParse("/bad/"))).toEqual([V.regexSlashes]);
  });
});
