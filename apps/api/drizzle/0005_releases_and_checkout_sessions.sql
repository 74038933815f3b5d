-- Names that match the field (docs/architecture.md, "Names"), keeping every row:
--   payments        → checkout_sessions (a hosted checkout at a provider, per order)
--   downloads       → releases (a program version) + artifacts (its files)
--   download_events → downloads (one user fetching one artifact)
-- and a new order_status_changes table (every order transition with its cause).
-- Hand-written (drizzle-kit would drop and recreate); the result matches the snapshot exactly.

-- checkout_sessions: a rename of payments.
ALTER TYPE "public"."payment_status" RENAME TO "checkout_session_status";--> statement-breakpoint
ALTER TABLE "payments" RENAME TO "checkout_sessions";--> statement-breakpoint
ALTER TABLE "checkout_sessions" RENAME CONSTRAINT "payments_pkey" TO "checkout_sessions_pkey";--> statement-breakpoint
ALTER TABLE "checkout_sessions" RENAME CONSTRAINT "payments_order_id_orders_id_fk" TO "checkout_sessions_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "payments_order_provider_key" RENAME TO "checkout_sessions_order_provider_key";--> statement-breakpoint
ALTER INDEX "payments_provider_session_key" RENAME TO "checkout_sessions_provider_session_key";--> statement-breakpoint

-- releases: the version part of the old downloads table.
ALTER TABLE "downloads" RENAME TO "releases";--> statement-breakpoint
ALTER TABLE "releases" RENAME CONSTRAINT "downloads_pkey" TO "releases_pkey";--> statement-breakpoint
ALTER INDEX "downloads_version_key" RENAME TO "releases_version_key";--> statement-breakpoint

-- artifacts: the file part of the old downloads table, one per release.
CREATE TABLE "artifacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"storage_path" text,
	"download_url" text,
	"file_size" bigint NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifacts_has_source" CHECK ("artifacts"."storage_path" is not null or "artifacts"."download_url" is not null)
);
--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artifacts_release_idx" ON "artifacts" USING btree ("release_id");--> statement-breakpoint
INSERT INTO "artifacts" ("release_id", "filename", "storage_path", "download_url", "file_size", "sha256", "created_at")
	SELECT "id", "filename", "storage_path", "download_url", "file_size", "sha256", "created_at" FROM "releases";--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "downloads_has_source";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "filename";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "storage_path";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "download_url";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "file_size";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "sha256";--> statement-breakpoint

-- downloads: a rename of download_events, pointing at the artifact instead of the version.
ALTER TABLE "download_events" RENAME TO "downloads";--> statement-breakpoint
ALTER TABLE "downloads" RENAME CONSTRAINT "download_events_pkey" TO "downloads_pkey";--> statement-breakpoint
ALTER TABLE "downloads" RENAME CONSTRAINT "download_events_user_id_users_id_fk" TO "downloads_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "download_events_link_key" RENAME TO "downloads_link_key";--> statement-breakpoint
ALTER INDEX "download_events_user_idx" RENAME TO "downloads_user_idx";--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "artifact_id" uuid;--> statement-breakpoint
UPDATE "downloads" SET "artifact_id" = "artifacts"."id" FROM "artifacts" WHERE "artifacts"."release_id" = "downloads"."download_id";--> statement-breakpoint
ALTER TABLE "downloads" ALTER COLUMN "artifact_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_artifact_id_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."artifacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" DROP CONSTRAINT "download_events_download_id_downloads_id_fk";--> statement-breakpoint
ALTER TABLE "downloads" DROP COLUMN "download_id";--> statement-breakpoint

-- order_status_changes: new.
CREATE TABLE "order_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status" NOT NULL,
	"to_status" "order_status" NOT NULL,
	"cause" text NOT NULL,
	"actor_id" uuid,
	"provider_event_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_provider_event_id_payment_events_id_fk" FOREIGN KEY ("provider_event_id") REFERENCES "public"."payment_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","created_at");
