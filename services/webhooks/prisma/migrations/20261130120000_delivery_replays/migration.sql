-- Each attempt sends its own `timestamp` (when it is sent) and is signed as it is sent, with the key
-- of that moment: the delivery keeps only the body's fields that never change, and each attempt what
-- it sent. The delivery's one stored body and signature go.
ALTER TABLE "webhook_deliveries" ADD COLUMN "content" TEXT;
UPDATE "webhook_deliveries" SET "content" = ("payload"::jsonb - 'id' - 'type' - 'timestamp')::text;
ALTER TABLE "webhook_deliveries" ALTER COLUMN "content" SET NOT NULL;

ALTER TABLE "delivery_attempts" ADD COLUMN "payload" TEXT;
-- until now every attempt that reached an endpoint sent the delivery's one body
UPDATE "delivery_attempts" a SET "payload" = d."payload" FROM "webhook_deliveries" d WHERE a."delivery_id" = d."id" AND a."url" IS NOT NULL;

ALTER TABLE "webhook_deliveries" DROP COLUMN "payload", DROP COLUMN "signature";

-- A PENDING delivery folded into a replay: no due time (the claim never takes it) until the replay's attempt.
ALTER TABLE "webhook_deliveries" ADD COLUMN "replay_id" TEXT;

CREATE TABLE "webhook_replays" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "created_after" TIMESTAMPTZ(3) NOT NULL,
  "created_before" TIMESTAMPTZ(3) NOT NULL,
  "types" TEXT[] NOT NULL,
  "until_id" TEXT,
  "cursor_id" TEXT,
  "delivery_count" INTEGER NOT NULL CHECK ("delivery_count" >= 0),
  "sent_count" INTEGER NOT NULL DEFAULT 0,
  "failed_count" INTEGER NOT NULL DEFAULT 0,
  "status" TEXT NOT NULL CHECK ("status" IN ('RUNNING', 'COMPLETED')),
  "next_run_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "completed_at" TIMESTAMPTZ(3),
  CHECK (("status" = 'RUNNING') = ("next_run_at" IS NOT NULL)),
  CHECK ("created_after" < "created_before")
);
-- the replay worker's claim and its next due time
CREATE INDEX "webhook_replays_due_idx" ON "webhook_replays" ("next_run_at") WHERE "status" = 'RUNNING';

CREATE TABLE "idempotency_keys" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "response" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "key")
);
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
