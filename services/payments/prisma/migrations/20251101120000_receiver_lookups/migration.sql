-- Receiver look-ups, kept for the quotes that name them.

CREATE TABLE "receiver_lookups" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('UMA_ADDRESS', 'EXTERNAL_ACCOUNT')),
  "receiver" TEXT NOT NULL,
  "sender_uma_address" TEXT,
  "customer_id" TEXT,
  "supported_currencies" TEXT[] NOT NULL,
  "required_payer_data_fields" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
