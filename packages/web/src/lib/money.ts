import { type Currency, MINOR_UNITS_PER_MAJOR } from "@parley/contract";

/** Decimal places of a currency's minor unit: 0 for won, 2 for cents. */
function fractionDigitsOf(currency: Currency): number {
  return Math.round(Math.log10(MINOR_UNITS_PER_MAJOR[currency]));
}

/**
 * An amount the server keeps in minor units (won, cents), shown in the UI language: `₩290,000`, `$299.00`.
 * Won never show decimals; dollars always show their cents, so an invoice never reads `$299`.
 */
export function formatMoney(minor: number, currency: Currency, language: string): string {
  const digits = fractionDigitsOf(currency);
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / MINOR_UNITS_PER_MAJOR[currency]);
}

/**
 * A unit price kept in thousandths of a minor unit (see pricing.ts): `₩0.8`, `$0.0008`. Shown with as many
 * decimals as it has, since a per-message price rounded to the cent would read as zero.
 */
export function formatUnitPrice(thousandthsOfMinor: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: fractionDigitsOf(currency) + 3,
  }).format(thousandthsOfMinor / 1000 / MINOR_UNITS_PER_MAJOR[currency]);
}
