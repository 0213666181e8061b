import {
  BASE_FEE,
  CURRENCY_BY_LANGUAGE,
  DAU_CAP_PRICE,
  FILE_MAX_BYTES,
  FREE_TRIAL_DAYS,
  INCLUDED_CUMULATIVE_DAU,
  INCLUDED_MESSAGES,
  MAX_APPS_PER_ACCOUNT,
  TRIAL_MONTHLY_MESSAGES,
} from "@parley/contract";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n";
import { formatMoney, formatUnitPrice } from "@/lib/money";

const BYTES_PER_MB = 1024 * 1024;

/**
 * The figures the marketing copy quotes, formatted for the visitor's language. They come from the contract's
 * constants, the ones the server enforces and the invoices use, so the site cannot advertise a price or a limit
 * the product does not have. The currency follows the language, as an account's currency follows the language
 * it signs up in.
 */
export function usePlanFacts() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const currency = CURRENCY_BY_LANGUAGE[currentLanguage()];
  return {
    currency,
    days: FREE_TRIAL_DAYS,
    trialMessages: number.format(TRIAL_MONTHLY_MESSAGES),
    apps: MAX_APPS_PER_ACCOUNT,
    price: formatMoney(BASE_FEE[currency], currency, language),
    messages: number.format(INCLUDED_MESSAGES),
    dau: number.format(INCLUDED_CUMULATIVE_DAU),
    /** Per average daily active user; DAU_CAP_PRICE is in thousandths of the minor unit like every unit price. */
    capPrice: formatUnitPrice(DAU_CAP_PRICE[currency], currency, language),
    fileSize: `${number.format(FILE_MAX_BYTES / BYTES_PER_MB)} MB`,
  };
}
