CREATE TABLE "license_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"hostname" text,
	"app_version" text,
	"activated_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone,
	"deactivation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_devices_deactivation_reason_known" CHECK ("license_devices"."deactivation_reason" is null or "license_devices"."deactivation_reason" in ('owner', 'program', 'admin', 'timeout'))
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"key_generation" integer DEFAULT 1 NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspension_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "entitlements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_devices" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "license_devices" ADD CONSTRAINT "license_devices_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_devices_active_key" ON "license_devices" USING btree ("license_id","fingerprint") WHERE "license_devices"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "license_devices_license_idx" ON "license_devices" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "license_devices_last_seen_idx" ON "license_devices" USING btree ("last_seen_at") WHERE "license_devices"."deactivated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_user_key" ON "licenses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_max_devices_positive" CHECK ("plans"."max_devices" >= 1);--> statement-breakpoint
-- Seats and entitlements of the seeded plans (requirements §9 comparison table; docs/licenses.md).
UPDATE "plans" SET "max_devices" = 2, "entitlements" = '[{"code":"TWITTER_ACCOUNTS","limit":5},{"code":"DAILY_ACTIONS","limit":500},{"code":"EMAIL_SUPPORT","limit":null}]'::jsonb WHERE "name" = 'PRO';--> statement-breakpoint
UPDATE "plans" SET "max_devices" = 5, "entitlements" = '[{"code":"TWITTER_ACCOUNTS","limit":null},{"code":"DAILY_ACTIONS","limit":null},{"code":"EMAIL_SUPPORT","limit":null},{"code":"PRIORITY_SUPPORT","limit":null},{"code":"PHONE_SUPPORT","limit":null},{"code":"WHITE_LABEL","limit":null}]'::jsonb WHERE "name" = 'PRO+';--> statement-breakpoint
-- Buyers from before licenses get theirs now, from their first paid period's order.
INSERT INTO "licenses" ("user_id", "order_id")
SELECT s."user_id", (
  SELECT p."order_id" FROM "subscription_periods" p
  WHERE p."subscription_id" = s."id" ORDER BY p."created_at", p."id" LIMIT 1
) FROM "subscriptions" s
ON CONFLICT DO NOTHING;
