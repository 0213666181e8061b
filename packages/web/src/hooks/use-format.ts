import type { Currency } from "@parley/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/lib/money";

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** Dates and numbers in the UI language, so a switch to KO or EN changes them with the text. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    const date = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
    const time = new Intl.DateTimeFormat(language, { timeStyle: "short" });
    const number = new Intl.NumberFormat(language);
    // Calendar days and months (`2026-03-05`, `2026-03`) are UTC days: read in the viewer's zone they would shift.
    const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" });
    // Bytes in words ("999 bytes", where the short form reads "999 byte"); larger units as symbols ("12.3 kB").
    const byteUnits = BYTE_UNITS.map(
      (unit) =>
        new Intl.NumberFormat(language, {
          style: "unit",
          unit,
          unitDisplay: unit === "byte" ? "long" : "short",
          maximumFractionDigits: 1,
        }),
    );
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      number: (value: number) => number.format(value),
      day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
      month: (yearMonth: string) => month.format(new Date(`${yearMonth}-01T00:00:00Z`)),
      money: (minor: number, currency: Currency) => formatMoney(minor, currency, language),
      /** A size in bytes in the largest unit it reaches (1 kB = 1,000 B, as browsers and file managers count). */
      bytes: (value: number) => {
        const step = Math.min(BYTE_UNITS.length - 1, value < 1000 ? 0 : Math.floor(Math.log10(value) / 3));
        return byteUnits[step]?.format(value / 1000 ** step) ?? number.format(value);
      },
    };
  }, [language]);
}
