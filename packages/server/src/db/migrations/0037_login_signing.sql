-- Login tokens an app signs itself (docs/decisions/0270-app-signed-login-tokens.md): the app's signing secrets by
-- the kid its tokens name, and the times before which login tokens are refused, per app and per user.
CREATE TABLE "login_signing_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "login_signing_secrets_app_idx" ON "login_signing_secrets" ("app_id");--> statement-breakpoint
CREATE TABLE "login_revocations" (
	"app_id" uuid PRIMARY KEY NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"revoked_before" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "logins_revoked_before" timestamp with time zone;
