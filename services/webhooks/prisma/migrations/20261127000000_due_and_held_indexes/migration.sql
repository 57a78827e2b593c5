-- Each partial index now holds exactly the rows of one job, and its predicate is one that only the
-- statements doing that job imply. Both were WHERE status = 'PENDING', which every statement that
-- updates one delivery by id implies too: with statistics read while the queue was empty (the
-- usual state of a healthy queue), the planner took the "empty" partial index over the primary key
-- and walked a whole backlog to find one row.

-- The rows with a due time (PENDING and not held: see the check constraint): the claim reads every
-- tenant's due rows, and the next due time, through it. The index on next_attempt_at alone goes.
DROP INDEX "webhook_deliveries_due_idx";
DROP INDEX "webhook_deliveries_tenant_due_idx";
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("platform_id", "environment", "next_attempt_at", "id")
  WHERE "next_attempt_at" IS NOT NULL;

-- The rows held behind a paused endpoint's probe, oldest first: released, expired or probed per tenant.
CREATE INDEX "webhook_deliveries_held_idx" ON "webhook_deliveries" ("platform_id", "environment", "id")
  WHERE "status" = 'PENDING' AND "next_attempt_at" IS NULL;

-- A queue inside a history table: every delivery leaves dead entries at the old end of the due index,
-- which each claim's first probe walks until VACUUM removes them. By the default rule (20% of the
-- table) a table with years of delivered rows would wait for millions of them; this one is vacuumed
-- every 10,000 changed rows, whatever its size.
ALTER TABLE "webhook_deliveries" SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000,
  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000
);
