CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"last_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"retry_limit" integer DEFAULT 5 NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_delay" integer DEFAULT 5 NOT NULL,
	"expire_seconds" integer DEFAULT 900 NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"singleton_key" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"started_on" timestamp with time zone,
	"completed_on" timestamp with time zone,
	"output" jsonb,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('created', 'active', 'retry', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "jobs_waiting_idx" ON "jobs" USING btree ("name","start_after") WHERE "jobs"."state" in ('created', 'retry');--> statement-breakpoint
CREATE INDEX "jobs_active_idx" ON "jobs" USING btree ("started_on") WHERE "jobs"."state" = 'active';--> statement-breakpoint
CREATE INDEX "jobs_ended_idx" ON "jobs" USING btree ("completed_on") WHERE "jobs"."state" in ('completed', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("name","singleton_key") WHERE "jobs"."state" = 'created' and "jobs"."singleton_key" is not null;