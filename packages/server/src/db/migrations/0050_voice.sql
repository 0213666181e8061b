-- Voice messages (docs/decisions/0305-voice-messages.md): a file row marks its audio as a voice message and keeps
-- its waveform bars; its length goes in duration_ms, as a video's does.
ALTER TABLE "files" ADD COLUMN "voice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "waveform" jsonb;
