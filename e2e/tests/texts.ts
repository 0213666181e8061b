import fs from "node:fs";

export const languages = ["ko", "en"] as const;
export type Language = (typeof languages)[number];

/** The dashboard's own texts (both locale files), so each language's run finds what that language shows. */
const dictionaries = Object.fromEntries(
  languages.map((language) => {
    const part = (name: string) =>
      JSON.parse(
        fs.readFileSync(
          new URL(`../../packages/web/src/i18n/locales/${language}/${name}.json`, import.meta.url),
          "utf8",
        ),
      );
    return [language, { ...part("public"), ...part("app") }];
  }),
) as Record<Language, Record<string, unknown>>;

/** The text at `key` in `language`, with its `{{values}}` filled. */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const found = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dictionaries[language]);
  if (typeof found !== "string") throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
