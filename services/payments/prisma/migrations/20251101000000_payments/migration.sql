-- Quotes, transactions and their delayed steps; idempotency keys and the outbox.

CREATE TABLE "quotes" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "transaction_id" TEXT NOT NULL,
  "customer_id" TEXT,
  "platform_customer_id" TEXT,
  "source" JSONB NOT NULL,
  "destination" JSONB NOT NULL,
  "source_kind" TEXT NOT NULL,
  "destination_kind" TEXT NOT NULL,
  "source_account_type" TEXT,
  "sending_currency" TEXT NOT NULL,
  "receiving_currency" TEXT NOT NULL,
  "total_sending_amount" BIGINT NOT NULL CHECK ("total_sending_amount" > 0),
  "total_receiving_amount" BIGINT NOT NULL CHECK ("total_receiving_amount" > 0),
  "exchange_rate" TEXT NOT NULL,
  "fees_included" BIGINT NOT NULL CHECK ("fees_included" >= 0),
  "platform_fees_included" BIGINT NOT NULL CHECK ("platform_fees_included" >= 0),
  "rate_details" JSONB NOT NULL,
  "payment_instructions" JSONB NOT NULL,
  "legs" JSONB NOT NULL,
  "outcome" TEXT NOT NULL,
  "description" TEXT,
  "payment_rail" TEXT,
  "sender_identifier" TEXT,
  "receiver_identifier" TEXT,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE UNIQUE INDEX "quotes_transaction_id_key" ON "quotes" ("transaction_id");
CREATE INDEX "quotes_tenant_created_idx" ON "quotes" ("platform_id", "environment", "created_at" DESC, "id" DESC);

CREATE TABLE "transactions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "quote_id" TEXT,
  "type" TEXT NOT NULL,
  "direction" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "stage" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "failure_reason" TEXT,
  "customer_id" TEXT NOT NULL,
  "platform_customer_id" TEXT NOT NULL,
  "source" JSONB NOT NULL,
  "destination" JSONB NOT NULL,
  "source_account_type" TEXT,
  "sending_currency" TEXT NOT NULL,
  "sent_amount" BIGINT NOT NULL CHECK ("sent_amount" > 0),
  "receiving_currency" TEXT NOT NULL,
  "received_amount" BIGINT NOT NULL CHECK ("received_amount" > 0),
  "fees" BIGINT NOT NULL CHECK ("fees" >= 0),
  "platform_fees" BIGINT NOT NULL CHECK ("platform_fees" >= 0),
  "exchange_rate" TEXT,
  "rate_details" JSONB,
  "legs" JSONB NOT NULL,
  "refund" JSONB,
  "description" TEXT,
  "payment_rail" TEXT,
  "reference" TEXT NOT NULL,
  "sender_identifier" TEXT,
  "receiver_identifier" TEXT,
  "settled_at" TIMESTAMPTZ(3),
  "receipt_delivery_confirmed_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE UNIQUE INDEX "transactions_quote_id_key" ON "transactions" ("quote_id");
CREATE INDEX "transactions_tenant_created_idx" ON "transactions" ("platform_id", "environment", "created_at" DESC, "id" DESC);
-- The recovery loop looks for transactions whose owed ledger step was interrupted.
CREATE INDEX "transactions_stage_updated_idx" ON "transactions" ("stage", "updated_at");

CREATE TABLE "payment_jobs" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "transaction_id" TEXT NOT NULL REFERENCES "transactions" ("id"),
  "next_stage" TEXT NOT NULL,
  "run_at" TIMESTAMPTZ(3) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "last_error" TEXT,
  "done_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "payment_jobs_run_at_idx" ON "payment_jobs" ("run_at") WHERE "done_at" IS NULL;

CREATE TABLE "idempotency_keys" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "response" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "key")
);

CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
