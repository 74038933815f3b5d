-- The business figures (modules/figures; docs/architecture.md "Speed at scale") are kept by the
-- database itself: whatever writes a user, an order or a subscription (a service, the admin CLI,
-- a bulk load, SQL typed by hand) moves the figures in the same statement, so they always equal
-- what the rows say. Each figure is a sum over rows of what one row contributes; the three
-- functions below say what a row contributes, and both the triggers and the full recount
-- (`rebuildFigures`, `npm run figures -- check|rebuild`) use them, so there is one definition.
-- Days are UTC. The services no longer move the figures themselves.

-- An account: `signups` on the UTC day it was created (admins included).
CREATE FUNCTION "flockr_figures_of_user"(r "users")
  RETURNS TABLE ("name" text, "day" date, "delta" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT 'signups'::text, (r.created_at AT TIME ZONE 'UTC')::date, 1::bigint
$$;--> statement-breakpoint

-- An order: `orders_placed` on its creation day; `orders_paid` on its creation day once ever paid
-- (`completed_at` set); while COMPLETED, `orders_completed` and its amount in
-- `revenue_minor:<currency>` and `revenue_minor:<currency>:<plan id>` on its completion day.
CREATE FUNCTION "flockr_figures_of_order"(r "orders")
  RETURNS TABLE ("name" text, "day" date, "delta" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT 'orders_placed'::text, (r.created_at AT TIME ZONE 'UTC')::date, 1::bigint
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
$$;--> statement-breakpoint

-- A subscription: `subscriptions` on its creation day, `subscriptions_started` on the day of its
-- `started_at`, and on the day of its `expires_at` `subscriptions_expiring`,
-- `subscriptions_expiring:<plan id>` and, when set to end, `subscriptions_expiring_set_to_end`.
CREATE FUNCTION "flockr_figures_of_subscription"(r "subscriptions")
  RETURNS TABLE ("name" text, "day" date, "delta" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT 'subscriptions'::text, (r.created_at AT TIME ZONE 'UTC')::date, 1::bigint
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
$$;--> statement-breakpoint

-- After each statement on a counted table: adds what the new rows contribute and takes off what
-- the old rows did, one upsert per (figure, day) that moved. Rows are written in (name, day)
-- order, so two transactions moving the same figures lock them in the same order and cannot
-- deadlock on them. Static statements (one function per table), so PL/pgSQL keeps their plans.
CREATE FUNCTION "flockr_keep_figures_of_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_user"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_user"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSE
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_user"(r) f
      UNION ALL SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_user"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "flockr_keep_figures_of_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_order"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_order"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSE
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_order"(r) f
      UNION ALL SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_order"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "flockr_keep_figures_of_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_subscription"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_subscription"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  ELSE
    INSERT INTO "figures" ("name", "day", "value")
    SELECT m.name, m.day, sum(m.delta) FROM (
      SELECT f.* FROM new_rows r, "flockr_figures_of_subscription"(r) f
      UNION ALL SELECT f.name, f.day, -f.delta FROM old_rows r, "flockr_figures_of_subscription"(r) f
    ) AS m ("name", "day", "delta")
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("name", "day") DO UPDATE SET "value" = "figures"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "users_figures_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_users"();
--> statement-breakpoint
CREATE TRIGGER "users_figures_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_users"();
--> statement-breakpoint
CREATE TRIGGER "users_figures_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_users"();
--> statement-breakpoint
CREATE TRIGGER "orders_figures_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_figures_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_figures_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_figures_insert" AFTER INSERT ON "subscriptions"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_figures_update" AFTER UPDATE ON "subscriptions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_figures_delete" AFTER DELETE ON "subscriptions"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "flockr_keep_figures_of_subscriptions"();
