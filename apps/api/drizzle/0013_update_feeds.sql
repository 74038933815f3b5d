CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_checks" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"arch" text NOT NULL,
	"current_version" text,
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"checks" integer DEFAULT 1 NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "update_checks_day_user_id_platform_arch_pk" PRIMARY KEY("day","user_id","platform","arch")
);
--> statement-breakpoint
CREATE TABLE "update_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"minimum_version" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_settings_single_row" CHECK ("update_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "sha1" text;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "sha512" text;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "platform" text DEFAULT 'windows' NOT NULL;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "arch" text DEFAULT 'x64' NOT NULL;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "kind" text DEFAULT 'zip' NOT NULL;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "artifacts" ADD COLUMN "ed_signature" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "after_expiry_access" text DEFAULT 'keep_released' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "channel" text DEFAULT 'stable' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "rollout_percentage" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "yanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "yank_reason" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "minimum_system_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "release_channel" text DEFAULT 'stable' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "feed_token_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_checks" ADD CONSTRAINT "update_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "update_checks_day_platform_idx" ON "update_checks" USING btree ("day","platform","current_version","user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "artifacts_release_filename_key" ON "artifacts" USING btree ("release_id","filename");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_after_expiry_access_known" CHECK ("plans"."after_expiry_access" in ('keep_released', 'none'));--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_channel_known" CHECK ("releases"."channel" in ('stable', 'rc', 'beta', 'alpha'));--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_rollout_percentage" CHECK ("releases"."rollout_percentage" between 0 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_release_channel_known" CHECK ("users"."release_channel" in ('stable', 'rc', 'beta', 'alpha'));--> statement-breakpoint
UPDATE "releases" SET "published_at" = "created_at" WHERE "is_active" AND "published_at" IS NULL;--> statement-breakpoint
INSERT INTO "update_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "release_announcements" (
	"release_id" uuid PRIMARY KEY NOT NULL,
	"after_user_id" uuid,
	"queued" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "release_announcements" ADD CONSTRAINT "release_announcements_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Releases that exist before release e-mails are never announced (docs/updates.md "Release e-mails").
INSERT INTO "release_announcements" ("release_id", "finished_at") SELECT "id", now() FROM "releases" ON CONFLICT DO NOTHING;