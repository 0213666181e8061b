import { describe, expect, it } from "vitest";
import enApp from "./locales/en/app.json";
import enPublic from "./locales/en/public.json";
import koApp from "./locales/ko/app.json";
import koPublic from "./locales/ko/public.json";
import koSite from "./locales/ko/site.json";

/** Every text of a locale part with its key: `nav.app.user` → "사용자". */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

const koMarkdown = import.meta.glob<string>("../content/{docs,legal}/ko/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const koTexts: [string, string][] = [
  ...texts(koPublic),
  ...texts(koApp),
  ...texts(koSite),
  ...Object.entries(koMarkdown).map(([file, source]): [string, string] => [file, source]),
];

/**
 * A Korean particle written right after an interpolated value (`{{price}}을`): whether 을 or 를, 이 or 가 is right
 * depends on how the value is read aloud (₩200 is 이백 원, so 을; $0.20 is 달러, so 를), which the text cannot know.
 * Such texts name a fixed word before the particle, use a particle that never changes (에, 의, 까지, 씩), or say
 * 이하/이상 after a space. A closing quote or tag between the value and the particle changes nothing; a closing
 * bracket does, as in 머리글({{header}})을, where the particle belongs to the word before the brackets.
 */
const PARTICLE_AFTER_VALUE =
  /\{\{[^}]+\}\}(?:<\/?\w+>|[”"’'」』»])*(?:으로|이나|이랑|을|를|이|가|은|는|로|과|와|나|랑)(?![가-힣])/u;

/**
 * One term per concept: the Korean texts use the term on the left, never the variants on the right (the spec's
 * "profanity filter" is 비속어 필터; a channel's owner is its 소유자, as the docs say).
 */
const KOREAN_GLOSSARY: { term: string; variants: RegExp }[] = [
  { term: "비속어 필터", variants: /금칙어/ },
  { term: "정규 표현식", variants: /정규식/ },
  { term: "플랜", variants: /요금제/ },
  { term: "(채널) 소유자", variants: /채널 운영자|운영자로 지정|운영자가 되/ },
];

const lookup = (dictionary: Record<string, unknown>, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);

describe("Korean particles after values", () => {
  it("tells a variable particle after a value from a fixed word or an unchanging particle", () => {
    for (const flagged of [
      "{{capPrice}}을 넘지",
      "{{price}}가 부과",
      "“{{name}}”으로",
      "<b>{{n}}</b>는",
      "{{x}}와 함께",
    ]) {
      expect(flagged).toMatch(PARTICLE_AFTER_VALUE);
    }
    for (const fine of [
      "{{count}}개를",
      "{{name}}의",
      "{{date}}에",
      "{{price}}씩",
      "{{price}} 이하",
      "{{n}}가지",
      "{{x}}이며",
      "머리글({{header}})을",
    ]) {
      expect(fine).not.toMatch(PARTICLE_AFTER_VALUE);
    }
  });

  it("no Korean text puts a particle that depends on the value right after it", () => {
    expect(koTexts.filter(([, text]) => PARTICLE_AFTER_VALUE.test(text))).toEqual([]);
  });
});

describe("one term per concept", () => {
  it.each(KOREAN_GLOSSARY)("Korean texts say $term", ({ variants }) => {
    expect(koTexts.filter(([, text]) => variants.test(text)).map(([key]) => key)).toEqual([]);
  });

  // A drawer entry carries the name of the page it opens, so a reader meets one name for one place.
  const drawerToPage: [string, string][] = [
    ["nav.overview", "pages.dashboard"],
    ["nav.billing", "pages.bills"],
    ["nav.settings", "settings.title"],
    ["nav.app.report", "pages.report"],
    ["nav.app.user", "pages.user"],
    ["nav.app.channels", "pages.channels"],
    ["nav.app.calls", "pages.calls"],
    ["nav.app.dataExport", "pages.dataExport"],
    ["nav.app.dataImport", "pages.dataImport"],
    ["nav.app.profanityFilter", "pages.profanityFilter"],
    ["nav.app.pushNotifications", "pages.pushNotification"],
    ["nav.app.translation", "pages.translation"],
    ["nav.app.webhooks", "pages.webhooks"],
    ["nav.app.appSettings", "pages.appSettings"],
  ];
  const locales = { ko: { ...koPublic, ...koApp }, en: { ...enPublic, ...enApp } };

  it.each(Object.entries(locales))("%s names each drawer entry as the page it opens", (_, dictionary) => {
    const differing = drawerToPage.filter(([entry, page]) => lookup(dictionary, entry) !== lookup(dictionary, page));
    expect(differing).toEqual([]);
  });

  it.each(Object.entries(locales))("%s gives the account's and an app's settings different names", (_, dictionary) => {
    expect(lookup(dictionary, "nav.settings")).not.toBe(lookup(dictionary, "nav.app.appSettings"));
  });
});
