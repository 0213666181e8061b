import {
  FREE_TRIAL_DAYS,
  INVOICE_DAY_OF_MONTH,
  type Language,
  MAX_APPS_PER_ACCOUNT,
  MAX_FAILED_LOGINS,
  PAYMENT_RETRY_DAYS,
  PRIVACY_VERSION,
  SESSION_IDLE_TTL_DAYS,
  TERMS_VERSION,
  TRIAL_MONTHLY_MESSAGES,
  UNVERIFIED_ACCOUNT_TTL_DAYS,
  VAT_PERCENT,
} from "@parley/contract";

/**
 * The terms of service and the privacy policy, Markdown in `content/legal/<language>/<document>.md`, bundled as
 * text into their pages' chunk only. Each is versioned by the contract's constant, which is also what a signup
 * stores, so the page a customer agreed to and the version on their account are the same.
 */
const files = import.meta.glob<string>("../../content/legal/*/*.md", { query: "?raw", import: "default", eager: true });

export const legalDocuments = ["terms", "privacy"] as const;
export type LegalDocument = (typeof legalDocuments)[number];

export const LEGAL_VERSIONS: Record<LegalDocument, string> = { terms: TERMS_VERSION, privacy: PRIVACY_VERSION };

/** The day a version took effect, as the documents write dates: "2026년 11월 24일", "November 24, 2026". */
export function effectiveDate(document: LegalDocument, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${LEGAL_VERSIONS[document]}T00:00:00Z`),
  );
}

/**
 * The document's Markdown with the figures it quotes filled in from the contract, so a changed limit or period
 * changes the terms with it. A placeholder with no figure is left as it is, which the page tests catch.
 */
export function legalSource(document: LegalDocument, language: Language): string {
  const number = new Intl.NumberFormat(language);
  const values: Record<string, string> = {
    effectiveDate: effectiveDate(document, language),
    trialDays: number.format(FREE_TRIAL_DAYS),
    trialMessages: number.format(TRIAL_MONTHLY_MESSAGES),
    invoiceDay: number.format(INVOICE_DAY_OF_MONTH),
    retryDays: number.format(PAYMENT_RETRY_DAYS),
    vatPercent: number.format(VAT_PERCENT),
    maxApps: number.format(MAX_APPS_PER_ACCOUNT),
    maxFailedLogins: number.format(MAX_FAILED_LOGINS),
    sessionIdleDays: number.format(SESSION_IDLE_TTL_DAYS),
    unverifiedDays: number.format(UNVERIFIED_ACCOUNT_TTL_DAYS),
  };
  const source = files[`../../content/legal/${language}/${document}.md`] ?? "";
  return source.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
