import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** Dates and numbers in the UI language, so a switch to KO or EN changes them with the text. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    const date = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
    const time = new Intl.DateTimeFormat(language, { timeStyle: "short" });
    const number = new Intl.NumberFormat(language);
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      number: (value: number) => number.format(value),
    };
  }, [language]);
}
