import { errorCodes, V } from "@parley/contract";
import { describe, expect, it } from "vitest";
import enApp from "./locales/en/app.json";
import enPublic from "./locales/en/public.json";
import enSite from "./locales/en/site.json";
import koApp from "./locales/ko/app.json";
import koPublic from "./locales/ko/public.json";
import koSite from "./locales/ko/site.json";

const ko = { ...koPublic, ...koApp, ...koSite };
const en = { ...enPublic, ...enApp, ...enSite };

function flatKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

const locales = { ko, en } as Record<string, Record<string, unknown>>;

describe("locales", () => {
  it.each(Object.keys(locales))("%s has an ERROR_{code} text for every catalogue code", (language) => {
    const dictionary = locales[language] ?? {};
    const missing = errorCodes.filter((code) => typeof dictionary[`ERROR_${code}`] !== "string");
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(locales))("%s has a text for every shared validation key", (language) => {
    const dictionary = locales[language] ?? {};
    const missing = Object.values(V).filter((key) => typeof dictionary[key] !== "string");
    expect(missing).toEqual([]);
  });

  it("keeps each key in one part only, so the public part never hides a dashboard or site text", () => {
    const parts: Record<string, unknown>[][] = [
      [koPublic, koApp, koSite],
      [enPublic, enApp, enSite],
    ];
    for (const [publicPart = {}, appPart = {}, sitePart = {}] of parts) {
      expect(Object.keys(publicPart).filter((key) => key in appPart || key in sitePart)).toEqual([]);
      expect(Object.keys(appPart).filter((key) => key in sitePart)).toEqual([]);
    }
    expect(Object.keys(koPublic).sort()).toEqual(Object.keys(enPublic).sort());
    expect(Object.keys(koSite).sort()).toEqual(Object.keys(enSite).sort());
  });

  it("ko and en hold exactly the same keys", () => {
    const koKeys = flatKeys(ko).sort();
    const enKeys = flatKeys(en).sort();
    expect(koKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !koKeys.includes(key))).toEqual([]);
  });

  it("has no empty text", () => {
    for (const dictionary of [ko, en]) {
      const empty = flatKeys(dictionary).filter((key) => {
        const value = key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dictionary);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(empty).toEqual([]);
    }
  });
});
