import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "@parley/contract";
import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { preferredLanguage, rememberLanguage } from "./choice";

export { preferredLanguage } from "./choice";

/**
 * The texts come in three parts per language, each its own download: `public` for what every page shares (errors,
 * validation, the frame), `site` for the public site's own pages (`intro.*`), `app` for the dashboard. A visitor of
 * the public site fetches `public` and `site` of one language, a dashboard user `public` and `app`: neither pays for
 * the other's pages before the first paint. Keys are looked up in `public`, then `app`, then `site`.
 */
export type StringPart = "public" | "app" | "site";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

const localeFiles: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, part: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${part}.json`];
    if (!load) return callback(new Error(`no ${part} texts for ${language}`), false);
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * A prerendered page must hydrate in the language its HTML was written in; `preferredLanguage` takes over once
 * it has (see main.tsx). Otherwise the preferred language from the start.
 */
function initialLanguage(): Language {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  const html = document.documentElement;
  return html.hasAttribute("data-prerendered") && isLanguage(html.lang) ? html.lang : preferredLanguage();
}

function syncDocument(language: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.title = i18n.t("meta.title");
}

export const i18n = i18next.createInstance();

const initialized = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ["public"],
    defaultNS: "public",
    fallbackNS: ["app", "site"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Resolves once the given parts of the current language are loaded; a language change loads every part loaded
 * so far before it switches. Pages render only after the parts they use are in.
 */
export async function loadStrings(...parts: StringPart[]): Promise<void> {
  await initialized;
  await i18n.loadNamespaces(parts);
}

// Only changes after start-up are the visitor's choice. A prerendered page already carries its language and
// title, and the root layout switches it to the preferred language once hydrated.
void initialized.then(() => {
  i18n.on("languageChanged", (language) => {
    rememberLanguage(language);
    syncDocument(language);
  });
  if (typeof document !== "undefined" && !document.documentElement.hasAttribute("data-prerendered")) {
    rememberLanguage(i18n.language);
    syncDocument(i18n.language);
  }
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
