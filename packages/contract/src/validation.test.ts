import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  isBigintId,
  passwordProblems,
  unstorableTextKey,
  V,
  validationKeyOf,
  zBigintId,
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

  it("counts Hangul and other scripts as letters, not as special characters", () => {
    expect(passwordProblems("가나다라마바사아자차")).toEqual([V.passwordKinds]);
    expect(passwordProblems("привет мир".replace(" ", "ы"))).toEqual([V.passwordKinds]);
    expect(passwordProblems("가나다라마바사아자1")).toEqual([]);
    expect(passwordProblems("가나다라마바사아자!")).toEqual([]);
  });

  it("counts a decomposed Hangul syllable's jamo and an accent's combining mark as letters", () => {
    expect(passwordProblems("한글비밀번호입니다".normalize("NFD"))).toEqual([V.passwordKinds]);
    expect(passwordProblems("cafe\u0301cafe\u0301xy")).toEqual([V.passwordKinds]);
  });

  it("counts digits of any script as digits", () => {
    expect(passwordProblems("١٢٣٤٥٦٧٨٩٠")).toEqual([V.passwordKinds]);
    expect(passwordProblems("abcdefghi١")).toEqual([]);
  });

  it("counts an emoji as a special character", () => {
    expect(passwordProblems("abcdefghi😀")).toEqual([]);
  });

  it("counts length in characters, so an astral code point is one, not two", () => {
    // Nine characters that UTF-16 stores as eighteen units.
    expect(passwordProblems("😀😁😂🤣😃😄😅😆😉")).toEqual([V.passwordLength, V.passwordKinds]);
    expect(passwordProblems("abcdefgh😀")).toEqual([V.passwordLength]);
    expect(passwordProblems("abcdefghi😀")).toEqual([]);
    // 128 characters is the most, though here UTF-16 stores 254 units.
    expect(passwordProblems(`a1${"😀😁".repeat(63)}`)).toEqual([]);
    expect(passwordProblems(`ab1${"😀😁".repeat(63)}`)).toEqual([V.passwordLength]);
  });

  it("does not count invisible format or control characters as a kind", () => {
    expect(passwordProblems("abcdefghij\u200b")).toEqual([V.passwordKinds]);
    expect(passwordProblems("abcdefghij\u0007")).toEqual([V.passwordKinds]);
  });

  it("refuses every kind of space, including the ideographic and no-break spaces", () => {
    expect(passwordProblems("가나다라\u3000마바사12")).toEqual([V.passwordSpaces]);
    expect(passwordProblems("abcde\u00a0fgh12")).toEqual([V.passwordSpaces]);
  });

  it("refuses three identical emoji in a row as a repeat", () => {
    expect(passwordProblems("abcdefg1😀😀😀")).toEqual([V.passwordRepeat]);
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

describe("storable text", () => {
  it("accepts text with surrogate pairs and refuses a NUL or a lone surrogate", () => {
    expect(unstorableTextKey("plain 가 😀")).toBeNull();
    expect(unstorableTextKey("a\u0000b")).toBe(V.nulCharacter);
    expect(unstorableTextKey("\ud800")).toBe(V.malformedText);
    expect(unstorableTextKey("\udfff\ud800")).toBe(V.malformedText);
    expect(unstorableTextKey("😀".slice(0, 1))).toBe(V.malformedText);
  });
});

describe("bigint ids", () => {
  it("accepts ids up to PostgreSQL's bigint ceiling and refuses one past it", () => {
    expect(isBigintId("9223372036854775807")).toBe(true);
    expect(isBigintId("9223372036854775808")).toBe(false);
    expect(messages(zBigintId.safeParse("99999999999999999999999"))).toEqual([V.numberRange]);
    expect(messages(zBigintId.safeParse("-1"))).toEqual([V.invalidFormat]);
    expect(messages(zBigintId.safeParse("1e3"))).toEqual([V.invalidFormat]);
  });
});

describe("generic validation keys", () => {
  const keysOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { reportInput: true });
    return result.success ? [] : result.error.issues.map(validationKeyOf);
  };

  it("keeps a rule's own key", () => {
    expect(keysOf(zMuteMinutes, 0)).toEqual([V.muteMinutes]);
  });

  it.each([
    ["an enum", z.enum(["ko", "en"]), "xx", V.invalidValue],
    ["a literal", z.literal("a"), "b", V.invalidValue],
    ["the wrong type", z.string(), 5, V.invalidValue],
    ["a missing value", z.string(), undefined, V.required],
    ["a missing enum value", z.enum(["ko", "en"]), undefined, V.required],
    ["a missing literal", z.literal(true), undefined, V.required],
    ["a number too large", z.number().max(100), 1e9, V.numberRange],
    ["a number too small", z.number().min(1), 0, V.numberRange],
    ["a fraction", z.number().int(), 1.5, V.numberRange],
    ["an unsafe integer", z.number().int(), 2 ** 53 + 2, V.numberRange],
    ["text for a number", z.coerce.number(), "abc", V.numberRange],
    ["a wrong multiple", z.number().multipleOf(5), 3, V.numberRange],
    ["a uuid", z.string().uuid(), "x", V.invalidFormat],
    ["a pattern", z.string().regex(/^a$/), "b", V.invalidFormat],
    ["an email", z.email(), "x", V.email],
    ["long text", z.string().max(2), "abc", V.tooLong],
    ["empty text", z.string().min(1), "", V.required],
    ["short text", z.string().min(3), "ab", V.tooShort],
    ["a long list", z.array(z.string()).max(1), ["a", "b"], V.itemCount],
    ["a union", z.union([z.string(), z.number()]), true, V.invalidValue],
    ["an unknown key", z.strictObject({}), { a: 1 }, V.invalidValue],
    ["a refinement without a key", z.string().refine(() => false), "x", V.invalidValue],
  ])("gives %s a VALIDATION key", (_name, schema, value, key) => {
    expect(keysOf(schema, value)).toEqual([key]);
  });
});
