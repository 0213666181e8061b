/**
 * Every table, gathered from the modules that own them: the database client's type and drizzle-kit read this. A module
 * uses its own `schema.ts`; it reaches another module's data only through that module's exported functions.
 */

export * from "../chat/schema";
export * from "../http/schema";
export * from "../integrations/schema";
export * from "../jobs/schema";
export * from "../mail/schema";
export * from "../modules/admin/schema";
export * from "../modules/apps/schema";
export * from "../modules/audit/schema";
export * from "../modules/auth/schema";
export * from "../modules/billing/schema";
export * from "../modules/calls/schema";
export * from "../modules/campaigns/schema";
export * from "../modules/channels/schema";
export * from "../modules/chat-users/schema";
export * from "../modules/contact/schema";
export * from "../modules/exports/schema";
export * from "../modules/files/schema";
export * from "../modules/imports/schema";
export * from "../modules/link-previews/schema";
export * from "../modules/messages/schema";
export * from "../modules/metrics/schema";
export * from "../modules/moderation-rules/schema";
export * from "../modules/notifications/schema";
export * from "../modules/permissions/schema";
export * from "../modules/profanity/schema";
export * from "../modules/push/schema";
export * from "../modules/reports/schema";
export * from "../modules/translation/schema";
export * from "../modules/webhooks/schema";
