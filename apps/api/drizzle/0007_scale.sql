-- Speed at the size of a real business (docs/architecture.md "Speed at scale"): indexes for the
-- admin lists and searches, and the business figures the dashboard reads instead of scanning.
-- pg_trgm is a trusted contrib extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "figures" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "figures_name_day_pk" PRIMARY KEY("name","day")
);
--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_pending_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscription_periods_subscription_idx" ON "subscription_periods" USING btree ("subscription_id","starts_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_not_active_idx" ON "users" USING btree ("status") WHERE "users"."status" <> 'ACTIVE';--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
-- The figures as the rows say (same definitions as modules/figures/repository.ts).
INSERT INTO "figures" ("name", "day", "value")
  SELECT 'signups', (created_at at time zone 'UTC')::date, count(*) FROM users GROUP BY 2
  UNION ALL
  SELECT 'orders_placed', (created_at at time zone 'UTC')::date, count(*) FROM orders GROUP BY 2
  UNION ALL
  SELECT 'orders_paid', (created_at at time zone 'UTC')::date, count(*)
    FROM orders WHERE completed_at IS NOT NULL GROUP BY 2
  UNION ALL
  SELECT 'orders_completed', (coalesce(completed_at, updated_at) at time zone 'UTC')::date, count(*)
    FROM orders WHERE status = 'COMPLETED' GROUP BY 2
  UNION ALL
  SELECT 'revenue_minor:' || currency, (coalesce(completed_at, updated_at) at time zone 'UTC')::date, sum(amount_minor)
    FROM orders WHERE status = 'COMPLETED' GROUP BY currency, 2
  UNION ALL
  SELECT 'revenue_minor:' || currency || ':' || plan_id, (coalesce(completed_at, updated_at) at time zone 'UTC')::date,
      sum(amount_minor)
    FROM orders WHERE status = 'COMPLETED' GROUP BY currency, plan_id, 2
  UNION ALL
  SELECT 'subscriptions', (created_at at time zone 'UTC')::date, count(*) FROM subscriptions GROUP BY 2;
