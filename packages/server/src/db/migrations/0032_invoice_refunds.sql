-- Refunds of paid invoices by an administrator (statuses cancelPending, cancelled, cancelFailed): the attempt count
-- keys each refund at the gateway, and the outcome is kept on the invoice.
ALTER TABLE "invoices" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_failure_reason" text;--> statement-breakpoint
-- Invoices claimed for a month and not priced yet: the daily run finishes them first.
CREATE INDEX "invoices_generating_idx" ON "invoices" ("account_id") WHERE "status" = 'generating';
