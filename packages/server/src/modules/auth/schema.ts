import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    contact: text("contact").notNull(),
    companyName: text("company_name").notNull(),
    companyHomepage: text("company_homepage").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    address: text("address").notNull().default(""),
    addressDetail: text("address_detail").notNull().default(""),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /** The versions of the terms of service and the privacy policy the account accepted, and when. */
    termsVersion: text("terms_version"),
    privacyVersion: text("privacy_version"),
    termsAcceptedAt: ts("terms_accepted_at"),
    language: text("language").$type<"ko" | "en">().notNull(),
    paymentCurrency: text("payment_currency").$type<"KRW" | "USD">().notNull(),
    kind: text("kind").$type<"ordinary" | "subaccount" | "marketplaceaccount">().notNull().default("ordinary"),
    role: text("role").$type<"customer" | "admin">().notNull().default("customer"),
    subAccountAppId: text("sub_account_app_id"),
    noticeFeatureEnabled: boolean("notice_feature_enabled").notNull().default(false),
    /** A sub-account signed in by its invitation link sets a password before anything else. */
    passwordRequired: boolean("password_required").notNull().default(false),
    /** The cloud marketplace's id of the customer a marketplace account was made for. */
    marketplaceCustomerId: text("marketplace_customer_id"),
    /** Days an admin added to the 30-day trial. */
    trialExtensionDays: integer("trial_extension_days").notNull().default(0),
    /** Set while an admin has stopped the account's service. */
    serviceStoppedByAdminAt: ts("service_stopped_by_admin_at"),
    /** Set while an admin has deactivated every app of the account (3002); mirrored on each app row. */
    appsDeactivatedAt: ts("apps_deactivated_at"),
    lastLoginAt: ts("last_login_at"),
    emailVerifiedAt: ts("email_verified_at"),
    passwordChangedAt: ts("password_changed_at").notNull(),
    passwordNoticeHiddenUntil: ts("password_notice_hidden_until"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedAt: ts("locked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("accounts_email_key").on(t.email),
    uniqueIndex("accounts_marketplace_customer_key")
      .on(t.marketplaceCustomerId)
      .where(sql`marketplace_customer_id is not null`),
    index("accounts_sub_account_app_idx").on(t.subAccountAppId),
    index("accounts_unverified_idx").on(t.createdAt).where(sql`email_verified_at is null`),
  ],
);
export type AccountRow = typeof accounts.$inferSelect;

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull(),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_account_idx").on(t.accountId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/** Single-use codes sent by mail: email verification and password reset. Only the hash is kept. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"verify_email" | "reset_password" | "sign_in">().notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [uniqueIndex("one_time_codes_hash_key").on(t.codeHash), index("one_time_codes_account_idx").on(t.accountId)],
);
