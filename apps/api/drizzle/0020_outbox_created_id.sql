-- The outbox list of every message is newest first, by (created_at, id): with this index a page
-- reads its rows in order instead of sorting every message kept (90 days of sent e-mails).
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at","id");