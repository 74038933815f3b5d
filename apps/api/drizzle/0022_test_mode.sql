-- Test mode (docs/billing.md "Test mode"; docs/decisions/018-test-mode.md). Every order records
-- whether it is real money (`livemode`, as Stripe names it), and so do the provider events and the
-- subscriptions (false while only test orders granted one). A test row contributes nothing to the
-- business figures: it counts under the same names prefixed with `test:` (shown apart on the
-- dashboard), so revenue, orders, subscriptions, the health dashboard and /metrics leave it out,
-- and the figures still equal a recount of the rows (`npm run figures -- check`).
DROP INDEX "subscriptions_expires_idx";--> statement-breakpoint
DROP INDEX "subscriptions_started_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- What an order contributes (migration 0018), under `test:<name>` when it is a test order.
CREATE OR REPLACE FUNCTION "flockr_figures_of_order"(r "orders")
  RETURNS TABLE ("name" text, "day" date, "delta" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r.livemode THEN f.name ELSE 'test:' || f.name END, f.day, f.delta FROM (
    SELECT 'orders_placed'::text AS name, (r.created_at AT TIME ZONE 'UTC')::date AS day,
      1::bigint AS delta
    UNION ALL
    SELECT 'orders_paid', (r.created_at AT TIME ZONE 'UTC')::date, 1
      WHERE r.completed_at IS NOT NULL
    UNION ALL
    SELECT v.name, (coalesce(r.completed_at, r.updated_at) AT TIME ZONE 'UTC')::date, v.delta
      FROM (VALUES
        ('orders_completed', 1::bigint),
        ('revenue_minor:' || r.currency, r.amount_minor::bigint),
        ('revenue_minor:' || r.currency || ':' || r.plan_id, r.amount_minor::bigint)
      ) AS v ("name", "delta")
      WHERE r.status = 'COMPLETED'
  ) AS f
$$;--> statement-breakpoint

-- What a subscription contributes (migration 0018), under `test:<name>` while only test orders
-- granted it.
CREATE OR REPLACE FUNCTION "flockr_figures_of_subscription"(r "subscriptions")
  RETURNS TABLE ("name" text, "day" date, "delta" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r.livemode THEN f.name ELSE 'test:' || f.name END, f.day, f.delta FROM (
    SELECT 'subscriptions'::text AS name, (r.created_at AT TIME ZONE 'UTC')::date AS day,
      1::bigint AS delta
    UNION ALL
    SELECT 'subscriptions_started', (r.started_at AT TIME ZONE 'UTC')::date, 1
    UNION ALL
    SELECT v.name, (r.expires_at AT TIME ZONE 'UTC')::date, 1
      FROM (VALUES
        ('subscriptions_expiring'),
        ('subscriptions_expiring:' || r.plan_id),
        (CASE WHEN r.cancel_at_period_end THEN 'subscriptions_expiring_set_to_end' END)
      ) AS v ("name")
      WHERE v.name IS NOT NULL
  ) AS f
$$;--> statement-breakpoint

-- Rows written before this migration. The sandbox never took money: an order opened only on the
-- sandbox's payment page is a test order, and so is every sandbox event. Orders that went through
-- Stripe, or through no provider (placed and never opened, or completed by an admin), stay live:
-- they counted as money until now, and which key Stripe was used with was not recorded, so the
-- operator decides (docs/billing.md "Orders from before test mode"). The triggers move each
-- changed row's figures to their `test:` names in the same statement.
UPDATE "orders" o SET "livemode" = false
  WHERE EXISTS (
    SELECT 1 FROM "checkout_sessions" c WHERE c."order_id" = o."id" AND c."provider" = 'sandbox'
  ) AND NOT EXISTS (
    SELECT 1 FROM "checkout_sessions" c WHERE c."order_id" = o."id" AND c."provider" <> 'sandbox'
  );--> statement-breakpoint
UPDATE "payment_events" SET "livemode" = false WHERE "provider" = 'sandbox';--> statement-breakpoint
-- A subscription that only test orders granted time to is a test subscription.
UPDATE "subscriptions" s SET "livemode" = false
  WHERE EXISTS (SELECT 1 FROM "subscription_periods" p WHERE p."subscription_id" = s."id")
    AND NOT EXISTS (
      SELECT 1 FROM "subscription_periods" p JOIN "orders" o ON o."id" = p."order_id"
      WHERE p."subscription_id" = s."id" AND o."livemode"
    );--> statement-breakpoint
CREATE INDEX "orders_test_idx" ON "orders" USING btree ("user_id") WHERE not "orders"."livemode";--> statement-breakpoint
CREATE INDEX "payment_events_test_idx" ON "payment_events" USING btree ("order_id") WHERE not "payment_events"."livemode";--> statement-breakpoint
CREATE INDEX "subscriptions_test_idx" ON "subscriptions" USING btree ("user_id") WHERE not "subscriptions"."livemode";--> statement-breakpoint
CREATE INDEX "subscriptions_expires_idx" ON "subscriptions" USING btree ("expires_at","plan_id","cancel_at_period_end","livemode");--> statement-breakpoint
CREATE INDEX "subscriptions_started_idx" ON "subscriptions" USING btree ("started_at","livemode");