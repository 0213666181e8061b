import type { TModerationAction, TModerationCondition } from "@parley/contract";
import { describe, expect, it } from "vitest";
import {
  type EvaluatedRule,
  type EvaluationInput,
  evaluateRules,
  floodCountsOf,
  messageCountNeeded,
  recentWindowsOf,
} from "./evaluate";
import { findLinks, normalizeDomain } from "./links";

const NOW = new Date("2026-12-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

function rule(
  condition: TModerationCondition,
  action: TModerationAction = { kind: "block" },
  extra: Partial<EvaluatedRule> = {},
): EvaluatedRule {
  return { id: null, name: "r", enabled: true, channelTypes: [], condition, action, ...extra };
}

function input(text: string, extra: Partial<EvaluationInput> & { file?: EvaluationInput["message"]["file"] } = {}) {
  return {
    message: { text, channelType: "public" as const, file: extra.file ?? null, mentionedUserIds: [] },
    sender: { userCreatedAt: minutesAgo(10_000), joinedAt: minutesAgo(10_000), messageCount: 500 },
    recent: [],
    now: NOW,
    ...extra,
  } satisfies EvaluationInput;
}

const deny = (...domains: string[]) => rule({ kind: "links", mode: "deny", domains });
const allow = (...domains: string[]) => rule({ kind: "links", mode: "allow", domains });
const fires = (r: EvaluatedRule, text: string) => evaluateRules([r], input(text)).fired.length > 0;

describe("keywords", () => {
  const words = rule({ kind: "keywords", matchMode: "exact", keywords: ["spam", "바보"], regexes: ["\\d{4}-\\d{4}"] });

  it("fires on a whole word in any case and on Korean words, as the profanity filter matches", () => {
    expect(fires(words, "SPAM here")).toBe(true);
    expect(fires(words, "너 바보")).toBe(true);
    expect(fires(words, "spammer")).toBe(false);
  });

  it("fires on a regex and names what matched", () => {
    expect(evaluateRules([words], input("call 1234-5678")).fired[0]?.matched).toEqual(["1234-5678"]);
  });

  it("masks each matched character with a mask action, leaving the rest", () => {
    const masking = { ...words, action: { kind: "mask" } as const };
    expect(evaluateRules([masking], input("spam and 바보!")).text).toBe("**** and **!");
  });
});

describe("links", () => {
  it.each([
    ["https://evil.com/x"],
    ["HTTP://EVIL.COM"],
    ["see evil.com."],
    ["(evil.com)"],
    ["www.evil.com/path?q=1"],
    ["go to sub.deep.evil.com now"],
    ["ftp://user:pw@evil.com:21/file"],
    ["evil。com"],
    ["ｅｖｉｌ．ｃｏｍ"],
  ])("a deny list of evil.com fires on %s", (text) => {
    expect(fires(deny("evil.com"), text)).toBe(true);
  });

  it.each([
    ["notevil.com"],
    ["evil.com.example.org"],
    ["mail kim@evil.com"],
    ["hxxp://evil.com"],
    ["evil[.]com"],
    ["evilcom"],
  ])("a deny list of evil.com does not fire on %s", (text) => {
    expect(fires(deny("evil.com"), text)).toBe(false);
  });

  it("treats the Unicode and punycode forms of a domain as one, either way round", () => {
    expect(normalizeDomain("例え.JP")).toBe("xn--r8jz45g.jp");
    expect(fires(deny("例え.jp"), "https://xn--r8jz45g.jp/a")).toBe(true);
    expect(fires(deny("xn--r8jz45g.jp"), "visit 例え.jp")).toBe(true);
    expect(fires(deny("bücher.de"), "BÜCHER.de")).toBe(true);
  });

  it("does not take a confusable domain for the listed one, so an allow list fires on it", () => {
    const cyrillicA = "p\u0430ypal.com";
    expect(fires(deny("paypal.com"), `log in at https://${cyrillicA}`)).toBe(false);
    expect(fires(allow("paypal.com"), `log in at https://${cyrillicA}`)).toBe(true);
    expect(fires(allow("paypal.com"), "https://www.paypal.com/signin")).toBe(false);
    expect(fires(allow("paypal.com"), "https://paypal.com.evil.io")).toBe(true);
  });

  it("does not take file names, numbers and abbreviations for links", () => {
    expect(fires(allow("example.com"), "open report.pdf and notes.txt, v1.2, 3.14, e.g. this")).toBe(false);
  });

  it("finds a link's whole text, path included, and leaves closing punctuation to the sentence", () => {
    const text = "read https://evil.com/a/b?c=1, then (www.evil.com).";
    const spans = findLinks(text).map((l) => text.slice(l.start, l.end));
    expect(spans).toEqual(["https://evil.com/a/b?c=1", "www.evil.com"]);
  });

  it("masks a denied link whole and leaves an allowed one", () => {
    const masking = { ...deny("evil.com"), action: { kind: "mask" } as const };
    expect(evaluateRules([masking], input("a https://evil.com/x b example.com")).text).toBe(
      "a ****************** b example.com",
    );
  });

  it("matches Korean and Japanese domains, and a trailing dot on the listed one", () => {
    expect(fires(deny("한국.kr."), "https://www.한국.kr/")).toBe(true);
  });
});

describe("repeat and flood", () => {
  const recent = (texts: [string, number][]) => texts.map(([text, s]) => ({ text, at: secondsAgo(s) }));

  it("fires on the third identical message within the window, ignoring case, width and spaces", () => {
    const repeat = rule({ kind: "repeat", count: 3, seconds: 60 });
    const history = recent([
      ["Buy  NOW", 10],
      ["ｂｕｙ now", 20],
    ]);
    expect(evaluateRules([repeat], input("buy now", { recent: history })).fired).toHaveLength(1);
    expect(evaluateRules([repeat], input("buy later", { recent: history })).fired).toHaveLength(0);
  });

  it("does not count messages older than the window", () => {
    const repeat = rule({ kind: "repeat", count: 2, seconds: 30 });
    expect(evaluateRules([repeat], input("hi", { recent: recent([["hi", 31]]) })).fired).toHaveLength(0);
    expect(evaluateRules([repeat], input("hi", { recent: recent([["hi", 29]]) })).fired).toHaveLength(1);
  });

  it("fires on the Nth message of any text within M seconds", () => {
    const flood = rule({ kind: "flood", count: 3, seconds: 10 });
    const two = recent([
      ["a", 1],
      ["b", 2],
    ]);
    expect(evaluateRules([flood], input("c", { recent: two })).fired).toHaveLength(1);
    expect(evaluateRules([flood], input("c", { recent: two.slice(0, 1) })).fired).toHaveLength(0);
  });

  it("reads the repeat rules' windows of history, less those another holds, and only counts for flood rules", () => {
    const repeat = rule({ kind: "repeat", count: 3, seconds: 60 });
    const flood = rule({ kind: "flood", count: 10, seconds: 5 });
    expect(recentWindowsOf([repeat, flood])).toEqual([{ seconds: 60, count: 3 }]);
    const wider = rule({ kind: "repeat", count: 5, seconds: 120 });
    expect(recentWindowsOf([repeat, wider, repeat])).toEqual([{ seconds: 120, count: 5 }]);
    expect(recentWindowsOf([repeat, repeat])).toEqual([{ seconds: 60, count: 3 }]);
    expect(recentWindowsOf([deny("a.com")])).toEqual([]);

    const sameWindow = rule({ kind: "flood", count: 30, seconds: 5 });
    const off = { ...rule({ kind: "flood", count: 99, seconds: 1 }), enabled: false };
    expect([...floodCountsOf([flood, repeat, sameWindow, off])]).toEqual([[5, 30]]);
    expect([...floodCountsOf([repeat])]).toEqual([]);
  });

  it("takes a flood rule's count from the counted window, beside what the history read holds", () => {
    const flood = rule({ kind: "flood", count: 3, seconds: 10 });
    const counted = (n: number) => new Map([[10, n]]);
    expect(evaluateRules([flood], input("c", { recent: [], recentCounts: counted(2) })).fired).toHaveLength(1);
    expect(evaluateRules([flood], input("c", { recent: [], recentCounts: counted(1) })).fired).toHaveLength(0);
    // Another window's count says nothing of this one: the history read is counted instead.
    const other = new Map([[60, 50]]);
    expect(evaluateRules([flood], input("c", { recent: [], recentCounts: other })).fired).toHaveLength(0);
  });

  it("counts repeats among the newest messages of the rule's own count, as a read of that rule alone gives", () => {
    const repeat = rule({ kind: "repeat", count: 3, seconds: 60 });
    // A flood rule's read added older messages: the repeat rule still looks at its newest three.
    const history = recent([
      ["x", 1],
      ["y", 2],
      ["z", 3],
      ["spam", 4],
      ["spam", 5],
    ]);
    expect(evaluateRules([repeat], input("spam", { recent: history })).fired).toHaveLength(0);
    expect(evaluateRules([repeat], input("spam", { recent: history.slice(2) })).fired).toHaveLength(1);
  });
});

describe("mentions and capitals", () => {
  it("fires on more mentions than allowed, counting the list or @names in the text", () => {
    const mentions = rule({ kind: "mentions", max: 2 });
    expect(fires(mentions, "@a @b @c")).toBe(true);
    expect(fires(mentions, "@a @b and kim@example.com")).toBe(false);
    const listed = input("hi", {});
    listed.message.mentionedUserIds = ["a", "b", "c"];
    expect(evaluateRules([mentions], listed).fired).toHaveLength(1);
  });

  it("fires on a share of capitals over the limit only from the minimum length of letters", () => {
    const caps = rule({ kind: "caps", percent: 70, minLength: 5 });
    expect(fires(caps, "HELLO THERE")).toBe(true);
    expect(fires(caps, "OK!")).toBe(false);
    expect(fires(caps, "Hello There")).toBe(false);
    expect(fires(caps, "ÉCOUTEZ-MOI")).toBe(true);
  });

  it("does not count letters without case, so Korean text never shouts", () => {
    const caps = rule({ kind: "caps", percent: 50, minLength: 3 });
    expect(fires(caps, "안녕하세요 여러분 OK")).toBe(false);
    expect(fires(caps, "안녕하세요 여러분 HELLO")).toBe(true);
  });
});

describe("new users and files", () => {
  it("fires on a chat user, or a membership, younger than the limit, or within the first messages", () => {
    const flag = { kind: "flag" } as const;
    const young = rule({ kind: "newUser", accountMinutes: 60 }, flag);
    const joined = rule({ kind: "newUser", membershipMinutes: 5 }, flag);
    const first = rule({ kind: "newUser", firstMessages: 3 }, flag);
    const sender = { userCreatedAt: minutesAgo(59), joinedAt: minutesAgo(4), messageCount: 2 };
    expect(evaluateRules([young, joined, first], input("hi", { sender })).fired).toHaveLength(3);
    const settled = { userCreatedAt: minutesAgo(61), joinedAt: minutesAgo(6), messageCount: 3 };
    expect(evaluateRules([young, joined, first], input("hi", { sender: settled })).fired).toHaveLength(0);
    expect(messageCountNeeded([young, first])).toBe(3);
  });

  it("fires on a file of a listed MIME type, wildcard or extension, or over the size", () => {
    const kinds = rule({ kind: "file", kinds: ["image/*", ".exe", "application/pdf"] });
    const big = rule({ kind: "file", kinds: [], maxBytes: 1000 });
    const file = (name: string, mimeType: string, size = 10) => input("", { file: { name, mimeType, size } });
    expect(evaluateRules([kinds], file("a.png", "image/png")).fired).toHaveLength(1);
    expect(evaluateRules([kinds], file("SETUP.EXE", "application/octet-stream")).fired).toHaveLength(1);
    expect(evaluateRules([kinds], file("a.pdf", "Application/PDF")).fired).toHaveLength(1);
    expect(evaluateRules([kinds], file("a.txt", "text/plain")).fired).toHaveLength(0);
    expect(evaluateRules([big], file("a.txt", "text/plain", 1001)).fired).toHaveLength(1);
    expect(evaluateRules([big], file("a.txt", "text/plain", 1000)).fired).toHaveLength(0);
    expect(evaluateRules([kinds], input("no file")).fired).toHaveLength(0);
  });
});

describe("order and actions", () => {
  const word = (keyword: string, action: TModerationAction, extra: Partial<EvaluatedRule> = {}) =>
    rule({ kind: "keywords", matchMode: "exact", keywords: [keyword], regexes: [] }, action, extra);

  it("stops at the first refusing rule: later rules neither fire nor count", () => {
    const outcome = evaluateRules(
      [word("a", { kind: "flag" }), word("a", { kind: "mute", minutes: 10 }), word("a", { kind: "ban" })],
      input("a"),
    );
    expect(outcome).toMatchObject({ refusedBy: 1, muteMinutes: 10, isBanned: false, isFlagged: false });
    expect(outcome.fired.map((f) => f.index)).toEqual([0, 1]);
  });

  it("lets masks add up and flag and shadow go on, each rule looking at the text as sent", () => {
    const outcome = evaluateRules(
      [word("bad", { kind: "mask" }), word("bad", { kind: "flag" }), word("worse", { kind: "mask" })],
      input("bad and worse"),
    );
    expect(outcome).toMatchObject({ refusedBy: null, text: "*** and *****", isFlagged: true });
    expect(evaluateRules([word("x", { kind: "shadow" })], input("x")).isShadowed).toBe(true);
  });

  it("skips a disabled rule and a rule for other channel types", () => {
    expect(evaluateRules([word("a", { kind: "block" }, { enabled: false })], input("a")).fired).toEqual([]);
    expect(evaluateRules([word("a", { kind: "block" }, { channelTypes: ["private"] })], input("a")).fired).toEqual([]);
  });

  it("fires nothing on an empty text with no file", () => {
    expect(evaluateRules([word("a", { kind: "block" }), deny("a.com")], input("")).fired).toEqual([]);
  });
});
