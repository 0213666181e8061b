import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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
    language: text("language").$type<"ko" | "en">().notNull(),
    paymentCurrency: text("payment_currency").$type<"KRW" | "USD">().notNull(),
    kind: text("kind").$type<"ordinary" | "subaccount" | "marketplaceaccount">().notNull().default("ordinary"),
    role: text("role").$type<"customer" | "admin">().notNull().default("customer"),
    subAccountAppId: text("sub_account_app_id"),
    noticeFeatureEnabled: boolean("notice_feature_enabled").notNull().default(false),
    emailVerifiedAt: ts("email_verified_at"),
    passwordChangedAt: ts("password_changed_at").notNull(),
    passwordNoticeHiddenUntil: ts("password_notice_hidden_until"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedAt: ts("locked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("accounts_email_key").on(t.email),
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
    purpose: text("purpose").$type<"verify_email" | "reset_password">().notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [uniqueIndex("one_time_codes_hash_key").on(t.codeHash), index("one_time_codes_account_idx").on(t.accountId)],
);

/** Mail jobs already handed to the transport, so a job that runs twice after a crash does not mail twice. */
export const sentMail = pgTable("sent_mail", {
  jobId: text("job_id").primaryKey(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  sentAt: ts("sent_at").notNull(),
});

export const apps = pgTable(
  "apps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    allowAnonymousLogin: boolean("allow_anonymous_login").notNull().default(false),
    defaultMemberLimit: integer("default_member_limit").notNull().default(100),
    createdAt: ts("created_at").notNull(),
  },
  // Names are unique per account regardless of case: "Chat" and "chat" would confuse the Apps menu.
  (t) => [
    uniqueIndex("apps_account_name_key").on(t.accountId, sql`lower(${t.name})`),
    index("apps_account_idx").on(t.accountId),
  ],
);
export type AppRow = typeof apps.$inferSelect;

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_key").on(t.secretHash), index("api_keys_app_idx").on(t.appId)],
);
