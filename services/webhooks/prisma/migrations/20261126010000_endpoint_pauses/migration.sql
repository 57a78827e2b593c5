-- A PENDING delivery may now wait without a due time: it is held behind its paused endpoint's probe.
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_check";
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_check" CHECK ("status" = 'PENDING' OR "next_attempt_at" IS NULL);

-- The claim walks each tenant's undelivered rows in due order (held rows, NULL, sort last).
CREATE INDEX "webhook_deliveries_tenant_due_idx" ON "webhook_deliveries" ("platform_id", "environment", "next_attempt_at", "id") WHERE "status" = 'PENDING';

CREATE TABLE "endpoint_states" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "consecutive_failures" INTEGER NOT NULL DEFAULT 0 CHECK ("consecutive_failures" >= 0),
  "paused_at" TIMESTAMPTZ(3),
  "probe_delivery_id" TEXT,
  PRIMARY KEY ("platform_id", "environment"),
  CHECK (("paused_at" IS NULL) = ("probe_delivery_id" IS NULL))
);
