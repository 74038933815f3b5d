-- Admin lists and searches at scale (docs/architecture.md "Speed at scale"):
-- - a user search (admin users, admin orders by buyer) reads one trigram index over username and
--   e-mail together (db/schema.ts userSearchText) instead of one for each: half the index pages
--   for a term whose trigrams most rows share;
-- - the orders list sorts by (created_at, id), which orders_created_idx now holds, so a deep page
--   finds its ids from the index alone (it held completed_at for a dashboard query that the
--   business figures of 0007 replaced).
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("username" || E'\n' || "email") gin_trgm_ops);--> statement-breakpoint
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
-- Statistics of the new index expression, so the planner knows how many users a term matches
-- (a term in every e-mail, like "@example", is read from the table, not the index).
ANALYZE "users";
