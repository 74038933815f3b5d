-- Subscription days as business figures (docs/architecture.md "Speed at scale"): per UTC day, the
-- subscriptions whose started_at or expires_at falls on it (the latter also per plan and for those
-- set to end), kept from now on in the transaction of every subscription write. The dashboard's
-- "active", "new", "lapsed" and "ending within" counts become sums over day rows.
-- Same definitions as modules/figures/repository.ts; the delete first makes the backfill exact
-- whatever figures of these names a rebuild may already have written.
DELETE FROM "figures" WHERE "name" LIKE 'subscriptions\_%';--> statement-breakpoint
INSERT INTO "figures" ("name", "day", "value")
  SELECT 'subscriptions_started', (started_at at time zone 'UTC')::date, count(*)
    FROM subscriptions GROUP BY 2
  UNION ALL
  SELECT 'subscriptions_expiring', (expires_at at time zone 'UTC')::date, count(*)
    FROM subscriptions GROUP BY 2
  UNION ALL
  SELECT 'subscriptions_expiring:' || plan_id, (expires_at at time zone 'UTC')::date, count(*)
    FROM subscriptions GROUP BY plan_id, 2
  UNION ALL
  SELECT 'subscriptions_expiring_set_to_end', (expires_at at time zone 'UTC')::date, count(*)
    FROM subscriptions WHERE cancel_at_period_end GROUP BY 2;
