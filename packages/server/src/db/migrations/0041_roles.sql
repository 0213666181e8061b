-- Roles and permissions (docs/decisions/0281-roles-and-permissions.md): an app's custom roles (and the descriptions
-- it gives built-in ones), its permission matrix per channel type where it departs from the default, a user's app
-- role and a member's channel role. The owner of a channel stays channels.owner_id; an anonymous user is a guest.
CREATE TABLE "app_roles" (
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("app_id", "name")
);--> statement-breakpoint
CREATE TABLE "permission_matrices" (
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"channel_type" text NOT NULL,
	"app_grants" jsonb NOT NULL,
	"channel_grants" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("app_id", "channel_type")
);--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
UPDATE "chat_users" SET "role" = 'guest' WHERE "is_anonymous";--> statement-breakpoint
CREATE INDEX "chat_users_app_role_idx" ON "chat_users" ("app_id", "role") WHERE "role" <> 'member';--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;
