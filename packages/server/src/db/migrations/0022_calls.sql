CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"caller_id" uuid NOT NULL,
	"callee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"pushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "active_calls" (
	"chat_user_id" uuid PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"stun_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"turn_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"turn_secret" text
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_chat_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."chat_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_chat_users_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."chat_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_ended_by_chat_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."chat_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_calls" ADD CONSTRAINT "active_calls_chat_user_id_chat_users_id_fk" FOREIGN KEY ("chat_user_id") REFERENCES "public"."chat_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_calls" ADD CONSTRAINT "active_calls_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_app_idx" ON "calls" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_caller_idx" ON "calls" USING btree ("caller_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_callee_idx" ON "calls" USING btree ("callee_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_ringing_idx" ON "calls" USING btree ("created_at") WHERE state = 'ringing';--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD COLUMN "call_minutes" integer DEFAULT 0 NOT NULL;
