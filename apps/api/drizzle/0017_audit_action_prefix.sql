DROP INDEX "audit_log_action_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_action_pattern_idx" ON "audit_log" USING btree ("action" text_pattern_ops,"created_at");