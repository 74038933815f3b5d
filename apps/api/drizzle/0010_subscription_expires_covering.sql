-- The dashboard reads the part of a day that its subscription figures (0008) leave out from this
-- index alone: expiry, plan and whether the subscription is set to end (docs/architecture.md
-- "Speed at scale").
DROP INDEX "subscriptions_expires_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_expires_idx" ON "subscriptions" USING btree ("expires_at","plan_id","cancel_at_period_end");
