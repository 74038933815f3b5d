CREATE TABLE "update_check_channel_users" (
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "update_check_channel_users_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
CREATE TABLE "update_check_day_users" (
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "update_check_day_users_day_platform_pk" PRIMARY KEY("day","platform")
);
--> statement-breakpoint
CREATE TABLE "update_check_day_versions" (
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"version" text NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "update_check_day_versions_day_platform_version_pk" PRIMARY KEY("day","platform","version")
);
--> statement-breakpoint
CREATE TABLE "update_check_version_users" (
	"version" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "update_check_version_users_version_user_id_pk" PRIMARY KEY("version","user_id")
);
--> statement-breakpoint
DROP INDEX "update_checks_day_platform_idx";--> statement-breakpoint
CREATE INDEX "update_check_channel_users_day_idx" ON "update_check_channel_users" USING btree ("channel","last_day");--> statement-breakpoint
CREATE INDEX "update_check_version_users_day_idx" ON "update_check_version_users" USING btree ("version","last_day");--> statement-breakpoint
-- Adoption figures kept in the transaction of every update check written (docs/updates.md
-- "Adoption"): the charts read these few rows instead of counting the checks of every user of
-- the period on each request. BEFORE row triggers, because a query in one sees the rows its
-- statement wrote before (PostgreSQL "Visibility of Data Changes"): a batch holding one user's
-- x64 and arm64 checks of a day counts the user once. A transaction lock per user, day and
-- platform makes two instances writing that user's checks at once count in turn. Checks are
-- only ever inserted or upserted, never re-keyed or deleted.
CREATE FUNCTION "flockr_update_check_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_version text := coalesce(NEW."current_version", '');
  old_version text;
BEGIN
  PERFORM pg_advisory_xact_lock(
    hashtextextended('update_checks:' || NEW."day" || ':' || NEW."user_id" || ':' || NEW."platform", 0));
  IF TG_OP = 'INSERT' THEN
    -- An upsert's row that already exists is counted by the UPDATE that follows, not here.
    IF EXISTS (SELECT 1 FROM "update_checks" c WHERE c."day" = NEW."day"
        AND c."user_id" = NEW."user_id" AND c."platform" = NEW."platform" AND c."arch" = NEW."arch") THEN
      RETURN NEW;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "update_checks" c WHERE c."day" = NEW."day"
        AND c."user_id" = NEW."user_id" AND c."platform" = NEW."platform") THEN
      INSERT INTO "update_check_day_users" AS f VALUES (NEW."day", NEW."platform", 1)
        ON CONFLICT ("day", "platform") DO UPDATE SET "users" = f."users" + 1;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "update_checks" c WHERE c."day" = NEW."day"
        AND c."user_id" = NEW."user_id" AND c."platform" = NEW."platform"
        AND coalesce(c."current_version", '') = new_version) THEN
      INSERT INTO "update_check_day_versions" AS f VALUES (NEW."day", NEW."platform", new_version, 1)
        ON CONFLICT ("day", "platform", "version") DO UPDATE SET "users" = f."users" + 1;
    END IF;
  ELSE
    old_version := coalesce(OLD."current_version", '');
    IF old_version <> new_version THEN
      IF NOT EXISTS (SELECT 1 FROM "update_checks" c WHERE c."day" = NEW."day"
          AND c."user_id" = NEW."user_id" AND c."platform" = NEW."platform" AND c."arch" <> NEW."arch"
          AND coalesce(c."current_version", '') = old_version) THEN
        UPDATE "update_check_day_versions" SET "users" = "users" - 1
          WHERE "day" = NEW."day" AND "platform" = NEW."platform" AND "version" = old_version;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM "update_checks" c WHERE c."day" = NEW."day"
          AND c."user_id" = NEW."user_id" AND c."platform" = NEW."platform" AND c."arch" <> NEW."arch"
          AND coalesce(c."current_version", '') = new_version) THEN
        INSERT INTO "update_check_day_versions" AS f VALUES (NEW."day", NEW."platform", new_version, 1)
          ON CONFLICT ("day", "platform", "version") DO UPDATE SET "users" = f."users" + 1;
      END IF;
    END IF;
  END IF;
  INSERT INTO "update_check_version_users" AS f VALUES (new_version, NEW."user_id", NEW."day")
    ON CONFLICT ("version", "user_id") DO UPDATE SET "last_day" = greatest(f."last_day", excluded."last_day");
  INSERT INTO "update_check_channel_users" AS f VALUES (NEW."channel", NEW."user_id", NEW."day")
    ON CONFLICT ("channel", "user_id") DO UPDATE SET "last_day" = greatest(f."last_day", excluded."last_day");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "update_checks_figures_insert" BEFORE INSERT ON "update_checks"
  FOR EACH ROW EXECUTE FUNCTION "flockr_update_check_figures"();--> statement-breakpoint
CREATE TRIGGER "update_checks_figures_update" BEFORE UPDATE ON "update_checks"
  FOR EACH ROW EXECUTE FUNCTION "flockr_update_check_figures"();--> statement-breakpoint
-- The figures recomputed from every check: the checks already kept, now, and rows written in
-- bulk around the triggers (bench/seed-scale.mjs).
CREATE FUNCTION "flockr_rebuild_update_check_figures"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "update_check_day_versions";
  DELETE FROM "update_check_day_users";
  DELETE FROM "update_check_version_users";
  DELETE FROM "update_check_channel_users";
  INSERT INTO "update_check_day_versions"
    SELECT "day", "platform", coalesce("current_version", ''), count(DISTINCT "user_id")
    FROM "update_checks" GROUP BY 1, 2, 3;
  INSERT INTO "update_check_day_users"
    SELECT "day", "platform", count(DISTINCT "user_id") FROM "update_checks" GROUP BY 1, 2;
  INSERT INTO "update_check_version_users"
    SELECT coalesce("current_version", ''), "user_id", max("day") FROM "update_checks" GROUP BY 1, 2;
  INSERT INTO "update_check_channel_users"
    SELECT "channel", "user_id", max("day") FROM "update_checks" GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT "flockr_rebuild_update_check_figures"();