ALTER TABLE "changelog_entries" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_completed_idx" ON "orders" USING btree ("status","completed_at","currency","amount_minor");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","completed_at");--> statement-breakpoint
CREATE INDEX "subscriptions_expires_idx" ON "subscriptions" USING btree ("expires_at","plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_started_idx" ON "subscriptions" USING btree ("started_at");