-- The pruning (libs/db startPruning) deletes the outbox rows published longer ago than
-- OUTBOX_RETENTION_MS, oldest first, and reads the oldest one it keeps: both walk this index,
-- which holds published rows only (the relay's claim has its own, of the unpublished ones).
CREATE INDEX "outbox_events_published_idx" ON "outbox_events" ("published_at") WHERE "published_at" IS NOT NULL;

-- The same for the deliveries delivered or dead longer ago than WEBHOOK_DELIVERY_RETENTION_MS (their
-- attempts go with them). A PENDING delivery has neither time and is not in the index. Its predicate
-- is one that only the pruning implies, as the other partial indexes' (20261127000000).
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" ((COALESCE("delivered_at", "dead_at")))
  WHERE COALESCE("delivered_at", "dead_at") IS NOT NULL;
