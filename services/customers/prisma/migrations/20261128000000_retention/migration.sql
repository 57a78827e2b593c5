-- The pruning (libs/db startPruning) deletes the outbox rows published longer ago than
-- OUTBOX_RETENTION_MS, oldest first, and reads the oldest one it keeps: both walk this index,
-- which holds published rows only (the relay's claim has its own, of the unpublished ones).
CREATE INDEX "outbox_events_published_idx" ON "outbox_events" ("published_at") WHERE "published_at" IS NOT NULL;

-- The same for the idempotency keys older than IDEMPOTENCY_KEY_TTL_MS.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
