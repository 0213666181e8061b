import { createTranslator, LANGUAGE_NAMES, LANGUAGES, type Language } from "../i18n/translate";

/**
 * A compact switch between the kit's languages. Controlled: the app keeps the language (and hands it to
 * `ParleyProvider`), so the switch also works outside the provider, e.g. on a sign-in screen.
 */
export function LanguageSwitch(props: { language: Language; onChange: (language: Language) => void }) {
  const t = createTranslator(props.language);
  return (
    <fieldset className="pk-language-switch" aria-label={t("language")}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === props.language}
          className={code === props.language ? "pk-active" : undefined}
          onClick={() => props.onChange(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </fieldset>
  );
}
