ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "payment_events_outcome_idx" ON "payment_events" USING btree ("outcome","received_at");