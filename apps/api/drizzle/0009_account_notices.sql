-- The database tells every instance when an account's answers change (db/changes.ts,
-- modules/accounts/session-cache.ts): a change to a user, a session, a subscription or one of its
-- periods sends `account:<user id>` on the `flockr_changes` channel. NOTIFY is delivered when,
-- and only when, the transaction commits, and identical notices of one transaction are sent once.
-- A new user or a new session needs no notice: nothing can have kept them yet.
CREATE FUNCTION "flockr_account_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  IF TG_ARGV[0] = 'subscription_id' THEN
    SELECT "user_id"::text INTO owner FROM "subscriptions"
      WHERE "id" = (changed ->> 'subscription_id')::uuid;
  ELSE
    owner := changed ->> TG_ARGV[0];
  END IF;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('flockr_changes', 'account:' || owner);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_account_notice" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "flockr_account_notice"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_account_notice" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "flockr_account_notice"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_account_notice" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "flockr_account_notice"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscription_periods_account_notice" AFTER INSERT OR UPDATE OR DELETE ON "subscription_periods"
  FOR EACH ROW EXECUTE FUNCTION "flockr_account_notice"('subscription_id');
