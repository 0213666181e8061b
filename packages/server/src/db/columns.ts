import { PRIVACY_VERSION, TERMS_VERSION } from "@parley/contract";
import { timestamp } from "drizzle-orm/pg-core";

/** The account's profile fields as the `accounts` table stores them. */
export function profileColumns(profile: {
  name: string;
  contact: string;
  companyName: string;
  companyHomepage: string;
  companyAddress: { postalCode: string; address: string; detail: string };
  marketingConsent: boolean;
}) {
  return {
    name: profile.name,
    contact: profile.contact,
    companyName: profile.companyName,
    companyHomepage: profile.companyHomepage,
    postalCode: profile.companyAddress.postalCode,
    address: profile.companyAddress.address,
    addressDetail: profile.companyAddress.detail,
    marketingConsent: profile.marketingConsent,
  };
}

/**
 * The terms and privacy versions a signup accepted, and when. The signup schemas admit a request only with both
 * consents given, so the versions stored are the ones in force when the form was sent.
 */
export function consentColumns(now: Date) {
  return { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, termsAcceptedAt: now };
}

/** A timestamp column with its time zone, read as a `Date`: every table's times are stored this way. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
