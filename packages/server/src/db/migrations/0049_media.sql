-- Media at upload (docs/decisions/0303-media-processing.md): an image's size as shown and its thumbnails, a video's
-- length and poster, and where the reading stands (null for a file that is neither).
ALTER TABLE "files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumbnails" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "media_state" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "poster_key" text;
