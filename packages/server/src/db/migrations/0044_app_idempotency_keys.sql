-- Idempotent chat API writes (docs/decisions/0286-idempotent-chat-api-writes.md): a key belongs to an account (a
-- dashboard session) or to an app (its API keys), never both; each owner's keys are unique on their own.
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_account_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "app_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_one_owner" CHECK (("account_id" IS NULL) <> ("app_id" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_account_key" ON "idempotency_keys" USING btree ("account_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_app_key" ON "idempotency_keys" USING btree ("app_id","key");
