ALTER TABLE "artifacts" ADD COLUMN "any_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A release made through the spec's single-file form has one file, a zip, recorded with the
-- default platform (windows, x64): that file was for every computer (docs/downloads.md).
UPDATE "artifacts" SET "any_platform" = true
WHERE "kind" = 'zip' AND "platform" = 'windows' AND "arch" = 'x64'
  AND (SELECT count(*) FROM "artifacts" "a2" WHERE "a2"."release_id" = "artifacts"."release_id") = 1;
