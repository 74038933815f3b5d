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
CREATE TABLE "update_check_last_seen" (
	"figure" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "update_check_last_seen_figure_key_user_id_pk" PRIMARY KEY("figure","key","user_id")
);
--> statement-breakpoint
CREATE TABLE "update_check_last_seen_days" (
	"figure" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "update_check_last_seen_days_figure_key_day_pk" PRIMARY KEY("figure","key","day")
);
--> statement-breakpoint
DROP INDEX "update_checks_day_platform_idx";--> statement-breakpoint
-- Adoption figures kept in the transaction of every update check written (docs/updates.md
-- "Adoption"): the charts read a few rows of these instead of counting the checks of every user
-- of the period on each request. BEFORE row triggers, because a query in one sees the rows its
-- statement wrote before (PostgreSQL "Visibility of Data Changes"): a batch holding one user's
-- x64 and arm64 checks of a day counts the user once. A transaction lock per user makes two
-- instances writing one user's checks count in turn (the recorder writes its batches sorted by
-- user, so two batches take their locks in one order). Checks are only ever inserted or
-- upserted, never re-keyed or deleted.

-- `seen_key` of `seen_figure` ('version' or 'channel') was seen for `seen_user` on `seen_day`: if
-- that is later than the day the user was last seen with it, the user moves to that day's count.
CREATE FUNCTION "flockr_update_check_seen"(seen_figure text, seen_key text, seen_user uuid, seen_day date)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  previous date;
BEGIN
  SELECT "day" INTO previous FROM "update_check_last_seen"
    WHERE "figure" = seen_figure AND "key" = seen_key AND "user_id" = seen_user;
  IF previous IS NULL THEN
    INSERT INTO "update_check_last_seen" VALUES (seen_figure, seen_key, seen_user, seen_day);
  ELSIF seen_day > previous THEN
    UPDATE "update_check_last_seen" SET "day" = seen_day
      WHERE "figure" = seen_figure AND "key" = seen_key AND "user_id" = seen_user;
    UPDATE "update_check_last_seen_days" SET "users" = "users" - 1
      WHERE "figure" = seen_figure AND "key" = seen_key AND "day" = previous;
  ELSE
    RETURN;
  END IF;
  INSERT INTO "update_check_last_seen_days" AS f VALUES (seen_figure, seen_key, seen_day, 1)
    ON CONFLICT ("figure", "key", "day") DO UPDATE SET "users" = f."users" + 1;
END
$$;--> statement-breakpoint
-- The channels whose releases a check on `channel` is offered (contract RELEASE_CHANNELS, most
-- stable first: a beta check is offered stable, rc and beta releases); an unknown one only itself.
CREATE FUNCTION "flockr_channels_offered_to"(channel text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    (ARRAY['stable', 'rc', 'beta', 'alpha'])[1:array_position(ARRAY['stable', 'rc', 'beta', 'alpha'], channel)],
    ARRAY[channel])
$$;--> statement-breakpoint
CREATE FUNCTION "flockr_update_check_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_version text := coalesce(NEW."current_version", '');
  old_version text;
  offered text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('update_checks:' || NEW."user_id", 0));
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
  PERFORM "flockr_update_check_seen"('version', new_version, NEW."user_id", NEW."day");
  FOREACH offered IN ARRAY "flockr_channels_offered_to"(NEW."channel") LOOP
    PERFORM "flockr_update_check_seen"('channel', offered, NEW."user_id", NEW."day");
  END LOOP;
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
  DELETE FROM "update_check_last_seen";
  DELETE FROM "update_check_last_seen_days";
  INSERT INTO "update_check_day_versions"
    SELECT "day", "platform", coalesce("current_version", ''), count(DISTINCT "user_id")
    FROM "update_checks" GROUP BY 1, 2, 3;
  INSERT INTO "update_check_day_users"
    SELECT "day", "platform", count(DISTINCT "user_id") FROM "update_checks" GROUP BY 1, 2;
  INSERT INTO "update_check_last_seen"
    SELECT 'version', coalesce("current_version", ''), "user_id", max("day") FROM "update_checks"
    GROUP BY 2, 3;
  INSERT INTO "update_check_last_seen"
    SELECT 'channel', offered, c."user_id", max(c."day") FROM "update_checks" c
    CROSS JOIN LATERAL unnest("flockr_channels_offered_to"(c."channel")) offered GROUP BY 2, 3;
  INSERT INTO "update_check_last_seen_days"
    SELECT "figure", "key", "day", count(*) FROM "update_check_last_seen" GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT "flockr_rebuild_update_check_figures"();
