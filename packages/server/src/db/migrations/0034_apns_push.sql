-- Push through Apple Push Notification service directly, beside FCM (docs/decisions/0262-apns-push.md): an app's
-- APNs key (.p8 with its key ID, team ID, bundle ID and environment), and on each device and attempt the provider
-- that carries it. Devices registered before this are FCM's, as every token was.
ALTER TABLE "push_settings" ADD COLUMN "apns_credential" jsonb;--> statement-breakpoint
ALTER TABLE "push_settings" ADD COLUMN "apns_credential_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "provider" text DEFAULT 'fcm' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_attempts" ADD COLUMN "provider" text DEFAULT 'fcm' NOT NULL;
