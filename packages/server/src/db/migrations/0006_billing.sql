CREATE TABLE "billing_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"gateway_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"result" text,
	"card" jsonb
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" text NOT NULL,
	"messages" bigint NOT NULL,
	"cumulative_dau" bigint NOT NULL,
	"days_in_service" integer NOT NULL,
	"days_in_month" integer NOT NULL,
	"usage_by_app" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"cap_applied" boolean NOT NULL,
	"fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"status" text NOT NULL,
	"payment_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"charge_id" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failed_days" integer DEFAULT 0 NOT NULL,
	"last_failure_reason" text,
	"service_stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paid_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"applied_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"attempt_key" text NOT NULL,
	"day" date NOT NULL,
	"card_ref" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"charge_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_cards" (
	"ref" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"card_ref" text,
	"charge_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_gateway_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "billing_cards" ADD CONSTRAINT "billing_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_plans" ADD CONSTRAINT "paid_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cards_account_key" ON "billing_cards" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "card_sessions_account_idx" ON "card_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_period_key" ON "invoices" USING btree ("account_id","period");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_idx" ON "invoices" USING btree ("payment_date") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "paid_plans_account_idx" ON "paid_plans" USING btree ("account_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_plans_open_key" ON "paid_plans" USING btree ("account_id") WHERE end_date is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_invoice_key" ON "payment_attempts" USING btree ("invoice_id","attempt_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("created_at") WHERE status = 'pending';