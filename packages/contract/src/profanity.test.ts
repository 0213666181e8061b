import { describe, expect, it } from "vitest";
import {
  applyProfanityFilter,
  DEFAULT_PROFANITY_SETTINGS,
  isUnsafeFilterRegex,
  PROFANITY_KEYWORDS_MAX,
  PROFANITY_REGEXES_MAX,
  type TProfanitySettings,
  zProfanityKeyword,
  zProfanityRegex,
  zProfanitySettings,
} from "./profanity";
import { V } from "./validation";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

const settings = (overrides: Partial<TProfanitySettings>): TProfanitySettings => ({
  ...DEFAULT_PROFANITY_SETTINGS,
  ...overrides,
});

describe("applyProfanityFilter", () => {
  it("in contains mode masks every character of each word containing a keyword, in any case", () => {
    const result = applyProfanityFilter("You DARN darnit, undarned!", settings({ keywords: ["darn"] }));
    expect(result).toEqual({
      blocked: false,
      text: "You **** ******, ********!",
      matched: ["DARN", "darnit", "undarned"],
    });
  });

  it("in exact mode matches whole words only", () => {
    const result = applyProfanityFilter("darn darnit undarn", settings({ matchMode: "exact", keywords: ["darn"] }));
    expect(result.text).toBe("**** darnit undarn");
  });

  it("in exact mode lets a * at the start or end stand for a prefix or suffix", () => {
    const exact = (keyword: string) =>
      applyProfanityFilter("darn darnit undarn undarned", settings({ matchMode: "exact", keywords: [keyword] })).text;
    expect(exact("darn*")).toBe("**** ****** undarn undarned");
    expect(exact("*darn")).toBe("**** darnit ****** undarned");
    expect(exact("*darn*")).toBe("**** ****** ****** ********");
  });

  it("finds words by Unicode boundaries, so Korean and accented words work like English", () => {
    const korean = settings({ matchMode: "exact", keywords: ["바보"] });
    expect(applyProfanityFilter("너 바보야, 바보!", korean).text).toBe("너 바보야, **!");
    expect(applyProfanityFilter("너 바보야", settings({ keywords: ["바보"] })).text).toBe("너 ***");
    expect(applyProfanityFilter("Ça CRÉTIN là", settings({ keywords: ["crétin"] })).text).toBe("Ça ****** là");
  });

  it("treats keyword punctuation literally", () => {
    expect(applyProfanityFilter("a.b axb", settings({ matchMode: "exact", keywords: ["a.b"] })).text).toBe("*** axb");
  });

  it("masks regex matches anywhere, case-insensitively, counting astral characters once", () => {
    const result = applyProfanityFilter(
      "call 010-1234-5678 now 😀x",
      settings({ regexes: ["\\d{3}-\\d{4}-\\d{4}", "😀X"] }),
    );
    expect(result).toEqual({ blocked: false, text: "call ************* now **", matched: ["010-1234-5678", "😀x"] });
  });

  it("blocks instead of masking when the method is block, and leaves the text as it was", () => {
    const result = applyProfanityFilter("oh darn", settings({ method: "block", keywords: ["darn"] }));
    expect(result).toEqual({ blocked: true, text: "oh darn", matched: ["darn"] });
  });

  it("finds any one of a thousand keywords, wherever it is listed, with regexes beside them", () => {
    const keywords = Array.from({ length: 1000 }, (_, k) => `word${k}x`);
    const many = settings({ matchMode: "exact", keywords, regexes: ["z{3}"] });
    expect(applyProfanityFilter("first word0x", many).text).toBe("first ******");
    expect(applyProfanityFilter("last WORD999X here", many).text).toBe("last ******** here");
    expect(applyProfanityFilter("no keyword but zzz", many).text).toBe("no keyword but ***");
    expect(applyProfanityFilter("word1000x word99", many).matched).toEqual([]);
  });

  it("matches keywords under Unicode case folding, as one keyword alone would", () => {
    // U+212A KELVIN SIGN folds to "k", and U+017F LONG S to "s": the regular expressions' own case-insensitivity.
    expect(applyProfanityFilter("\u212Aim", settings({ matchMode: "exact", keywords: ["kim"] })).text).toBe("***");
    expect(applyProfanityFilter("me\u017Fs", settings({ keywords: ["mess"] })).text).toBe("****");
  });

  it("matches keywords holding the characters of regular expressions, and the bare wildcard", () => {
    const special = settings({ matchMode: "exact", keywords: ["c++", "(a|b)", "$5"] });
    expect(applyProfanityFilter("c++ and (a|b) or a, $5", special).text).toBe("*** and ***** or a, **");
    expect(applyProfanityFilter("any word", settings({ matchMode: "exact", keywords: ["*"] })).text).toBe("*** ****");
  });

  it("leaves clean text alone", () => {
    expect(applyProfanityFilter("hello", settings({ method: "block", keywords: ["darn"], regexes: ["x+y"] }))).toEqual({
      blocked: false,
      text: "hello",
      matched: [],
    });
  });
});

describe("zProfanityKeyword", () => {
  it.each([
    ["darn", []],
    ["*darn", []],
    ["darn*", []],
    ["*darn*", []],
    ["  darn  ", []],
    ["", [V.required]],
    ["da rn", [V.keyword]],
    ["da*rn", [V.keyword]],
    ["*", [V.keyword]],
    ["**", [V.keyword]],
    ["x".repeat(51), [V.keywordLength]],
  ])("%j → %j", (keyword, expected) => {
    expect(messages(zProfanityKeyword.safeParse(keyword))).toEqual(expected);
  });
});

describe("zProfanityRegex", () => {
  it.each([
    ["ba+d", []],
    ["(foo|bar)+", []],
    ["\\bword\\b", []],
    ["/bad/", [V.regexSlashes]],
    ["bad/", [V.regexSlashes]],
    ["(unclosed", [V.regexInvalid]],
    // Valid without flags, but the `u` flag refuses a lone brace.
    ["a{", [V.regexInvalid]],
    ["(a+)+", [V.regexUnsafe]],
    ["x".repeat(201), [V.tooLong]],
  ])("%j → %j", (pattern, expected) => {
    expect(messages(zProfanityRegex.safeParse(pattern))).toEqual(expected);
  });
});

describe("isUnsafeFilterRegex", () => {
  it.each([
    "(a+)+",
    "(a*)*",
    "(a+)*b",
    "(?:\\w+\\s?)*$",
    "(a+){2,}",
    "((ab)+)+",
    "(a|a)*",
    "(a|ab)+",
    "(\\w|\\d)+",
    "([a-z]|x)*",
    "(.|a)+",
  ])("refuses %s", (pattern) => {
    expect(isUnsafeFilterRegex(pattern)).toBe(true);
  });

  it.each([
    "bad",
    "b[a@]d+",
    "(foo|bar)+",
    "(ab)+",
    "(a+)?",
    "(a+){1}",
    "(a|b)",
    "\\(a+\\)+",
    "[(a+)]+",
    "(?<name>x)+",
  ])("accepts %s", (pattern) => {
    expect(isUnsafeFilterRegex(pattern)).toBe(false);
  });
});

describe("zProfanitySettings", () => {
  it("accepts the defaults", () => {
    expect(zProfanitySettings.safeParse(DEFAULT_PROFANITY_SETTINGS).success).toBe(true);
  });

  it("needs at least one channel type and caps keywords and expressions", () => {
    const tooMany = settings({
      channelTypes: [],
      keywords: Array.from({ length: PROFANITY_KEYWORDS_MAX + 1 }, (_, i) => `k${i}`),
      regexes: Array.from({ length: PROFANITY_REGEXES_MAX + 1 }, (_, i) => `r${i}`),
    });
    expect(messages(zProfanitySettings.safeParse(tooMany)).sort()).toEqual(
      [V.channelTypesRequired, V.keywordCount, V.regexCount].sort(),
    );
  });

  it("refuses unknown methods, match modes and channel types", () => {
    expect(zProfanitySettings.safeParse(settings({ method: "mask" as "block" })).success).toBe(false);
    expect(zProfanitySettings.safeParse(settings({ matchMode: "fuzzy" as "exact" })).success).toBe(false);
    expect(zProfanitySettings.safeParse(settings({ channelTypes: ["lobby" as "public"] })).success).toBe(false);
  });
});
