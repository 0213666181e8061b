-- An administrator deactivates one app (3001) or every app of an account (3002). The account's mark is kept on the
-- account, for the admin console and for apps made meanwhile, and on each app row, so that the chat API's check,
-- which reads the app row every call reads anyway, needs no second row.
ALTER TABLE "apps" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "account_deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "apps_deactivated_at" timestamp with time zone;
