CREATE TABLE "cards" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "cardholder_id" TEXT NOT NULL,
  "platform_customer_id" TEXT NOT NULL,
  "platform_card_id" TEXT,
  "state" TEXT NOT NULL,
  "state_reason" TEXT,
  "brand" TEXT NOT NULL,
  "form" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "last4" TEXT NOT NULL,
  "exp_month" INTEGER NOT NULL,
  "exp_year" INTEGER NOT NULL,
  "pan_sealed" BYTEA NOT NULL,
  "cvv_sealed" BYTEA NOT NULL,
  "max_spend_per_transaction" BIGINT,
  "processor_ref" TEXT NOT NULL,
  "issuer_ref" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "cards_platform_id_environment_created_at_id_idx" ON "cards" ("platform_id", "environment", "created_at" DESC, "id" DESC);
CREATE INDEX "cards_platform_id_environment_cardholder_id_idx" ON "cards" ("platform_id", "environment", "cardholder_id");

CREATE TABLE "card_funding_sources" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "card_id" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "detached_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "card_funding_sources_card_id_idx" ON "card_funding_sources" ("card_id");
CREATE INDEX "card_funding_sources_account_id_idx" ON "card_funding_sources" ("account_id");

CREATE TABLE "card_slots" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "live" INTEGER NOT NULL,
  PRIMARY KEY ("platform_id", "environment")
);

CREATE TABLE "card_transactions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "card_id" TEXT NOT NULL,
  "customer_id" TEXT NOT NULL,
  "platform_customer_id" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "issuer_transaction_token" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "direction" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "merchant" JSONB NOT NULL,
  "authorized_amount" BIGINT NOT NULL,
  "settled_amount" BIGINT NOT NULL,
  "refunded_amount" BIGINT NOT NULL,
  "pull_count" INTEGER NOT NULL,
  "pull_total" BIGINT NOT NULL,
  "pull_pending" INTEGER NOT NULL,
  "refund_count" INTEGER NOT NULL,
  "last_return_amount" BIGINT,
  "settlement_count" INTEGER NOT NULL,
  "version" INTEGER NOT NULL,
  "authorized_at" TIMESTAMPTZ(3) NOT NULL,
  "last_event_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "card_transactions_card_id_idx" ON "card_transactions" ("card_id");

CREATE TABLE "card_holds" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "card_transaction_id" TEXT NOT NULL,
  "amount" BIGINT NOT NULL,
  "status" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "card_holds_card_transaction_id_idx" ON "card_holds" ("card_transaction_id");

CREATE TABLE "card_network_messages" (
  "token" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "card_id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "card_transaction_id" TEXT,
  "request" JSONB NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE TABLE "card_jobs" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "kind" TEXT NOT NULL,
  "card_id" TEXT NOT NULL,
  "card_transaction_id" TEXT,
  "run_at" TIMESTAMPTZ(3) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "done_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
-- The claim of due jobs and the runner's "when is the next one due" read only pending jobs.
CREATE INDEX "card_jobs_pending_idx" ON "card_jobs" ("run_at") WHERE "done_at" IS NULL;

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

CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
CREATE INDEX "outbox_events_published_idx" ON "outbox_events" ("published_at") WHERE "published_at" IS NOT NULL;

-- Background loops LISTEN instead of polling: each trigger names the channel of the loop that has
-- new work; pg_notify is transactional, so a loop wakes only once the work is committed.
CREATE FUNCTION "notify_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    IF NOT EXISTS (SELECT 1 FROM inserted) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;

CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('outbox_events');

-- The job runner: a new job may fall due before the one it waits for. Every network message
-- inserts its recovery job (due CARD_MESSAGE_RECOVERY_MS later, and closed when the message is
-- processed): those notify a channel whose loop only arms its timer, so they cost no statement.
CREATE FUNCTION "notify_card_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted WHERE "kind" <> 'RECOVER_MESSAGE') THEN
    PERFORM pg_notify('card_jobs', '');
  END IF;
  IF EXISTS (SELECT 1 FROM inserted WHERE "kind" = 'RECOVER_MESSAGE') THEN
    PERFORM pg_notify('card_recovery', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "card_jobs_notify" AFTER INSERT ON "card_jobs"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_card_jobs"();
