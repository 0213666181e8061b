-- Notices of type "Other": an administrator posts one to an account or to every account, each reader closes it.
CREATE TABLE "admin_notices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "account_id" uuid REFERENCES "accounts"("id") ON DELETE cascade,
  "text_ko" text NOT NULL,
  "text_en" text NOT NULL,
  "admin_email" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "withdrawn_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "admin_notices_account_idx" ON "admin_notices" USING btree ("account_id");--> statement-breakpoint
CREATE TABLE "admin_notice_dismissals" (
  "notice_id" uuid NOT NULL REFERENCES "admin_notices"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
  "dismissed_at" timestamp with time zone NOT NULL,
  CONSTRAINT "admin_notice_dismissals_notice_id_account_id_pk" PRIMARY KEY ("notice_id", "account_id")
);
