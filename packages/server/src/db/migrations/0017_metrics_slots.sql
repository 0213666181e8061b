ALTER TABLE "daily_metrics" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_metrics" DROP CONSTRAINT "daily_metrics_app_id_day_pk";--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_app_id_day_slot_pk" PRIMARY KEY("app_id","day","slot");
