CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;

CREATE TABLE "signing_keys" (
  "environment" TEXT NOT NULL PRIMARY KEY CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "public_key_hex" TEXT NOT NULL,
  "private_key" BYTEA NOT NULL,
  "private_key_encryption" TEXT NOT NULL CHECK ("private_key_encryption" IN ('NONE', 'AES_256_GCM')),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "webhook_deliveries" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "event_id" TEXT UNIQUE,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "webhook_type" TEXT NOT NULL,
  "payload" TEXT NOT NULL,
  "signature" TEXT NOT NULL,
  "status" TEXT NOT NULL CHECK ("status" IN ('PENDING', 'DELIVERED', 'DEAD')),
  "attempt_count" INTEGER NOT NULL DEFAULT 0 CHECK ("attempt_count" >= 0),
  "next_attempt_at" TIMESTAMPTZ(3),
  "delivered_at" TIMESTAMPTZ(3),
  "dead_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CHECK (("status" = 'PENDING') = ("next_attempt_at" IS NOT NULL))
);
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'PENDING';
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("platform_id", "environment", "id" DESC);

CREATE TABLE "delivery_attempts" (
  "delivery_id" TEXT NOT NULL REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE,
  "attempt_number" INTEGER NOT NULL CHECK ("attempt_number" >= 1),
  "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "finished_at" TIMESTAMPTZ(3),
  "url" TEXT,
  "status_code" INTEGER,
  "latency_ms" INTEGER,
  "error" TEXT,
  PRIMARY KEY ("delivery_id", "attempt_number")
);
