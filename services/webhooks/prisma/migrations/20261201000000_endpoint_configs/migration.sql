-- What the service knows of each tenant's webhook configuration: kept from the platform service's
-- PLATFORM.CONFIG_UPDATED and PLATFORM.WEBHOOK_ENDPOINT_CHANGED events (newest configuration wins,
-- by its updated_at), or asked of it once for a tenant no event has named yet. Every replica reads
-- the endpoint from here, with each claim.
CREATE TABLE "endpoint_configs" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "url" TEXT,
  "extended_types" BOOLEAN NOT NULL DEFAULT false,
  "config_updated_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment")
);

-- A tenant's deliveries are held (PENDING, no due time) for one of two reasons: its endpoint failed
-- until paused (FAILURES: a probe is retried on the schedule), or it has no endpoint at all
-- (NO_ENDPOINT: nothing is attempted, and nothing counts against it, until one is set).
ALTER TABLE "endpoint_states" ADD COLUMN "pause_reason" TEXT;
UPDATE "endpoint_states" SET "pause_reason" = 'FAILURES' WHERE "paused_at" IS NOT NULL;
ALTER TABLE "endpoint_states" DROP CONSTRAINT "endpoint_states_check";
ALTER TABLE "endpoint_states" ADD CONSTRAINT "endpoint_states_pause_check" CHECK (
  ("pause_reason" IS NULL) = ("paused_at" IS NULL)
  AND ("pause_reason" IS NULL OR "pause_reason" IN ('FAILURES', 'NO_ENDPOINT'))
  AND (("pause_reason" = 'FAILURES') = ("probe_delivery_id" IS NOT NULL))
);

-- Held deliveries by age: those held for a tenant that never sets an endpoint are dropped after a
-- window (WEBHOOK_HELD_WITHOUT_ENDPOINT_MS), through this index, so storage stays bounded.
CREATE INDEX "webhook_deliveries_held_age_idx" ON "webhook_deliveries" ("created_at")
  WHERE "status" = 'PENDING' AND "next_attempt_at" IS NULL;
