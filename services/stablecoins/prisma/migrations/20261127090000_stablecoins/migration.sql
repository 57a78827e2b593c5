-- Provider account links, stablecoins, mint and burn operations, their jobs; idempotency keys and the outbox.

CREATE TABLE "provider_accounts" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "provider" TEXT NOT NULL,
  "provider_account_id" TEXT NOT NULL,
  "api_client_id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "last_verified_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "provider_accounts_tenant_created_idx" ON "provider_accounts" ("platform_id", "environment", "created_at" DESC, "id" DESC);

CREATE TABLE "stablecoins" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "provider_account_id" TEXT NOT NULL,
  "provider" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "symbol" TEXT NOT NULL,
  "base_currency" TEXT NOT NULL,
  "network" TEXT NOT NULL,
  "decimals" INTEGER NOT NULL,
  "issuance_status" TEXT NOT NULL,
  "operations_status" TEXT NOT NULL,
  "network_token_identifier" TEXT NOT NULL,
  "provider_token_identifier" TEXT NOT NULL,
  "issuance_account_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE UNIQUE INDEX "stablecoins_symbol_key" ON "stablecoins" ("platform_id", "environment", "symbol");
CREATE UNIQUE INDEX "stablecoins_provider_token_key" ON "stablecoins" ("platform_id", "environment", "provider_token_identifier");
CREATE UNIQUE INDEX "stablecoins_network_token_key" ON "stablecoins" ("platform_id", "environment", "network_token_identifier");
CREATE INDEX "stablecoins_tenant_created_idx" ON "stablecoins" ("platform_id", "environment", "created_at" DESC, "id" DESC);

CREATE TABLE "operations" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "stablecoin_id" TEXT NOT NULL,
  "operation_type" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "amount" BIGINT NOT NULL CHECK ("amount" > 0),
  "fiat_amount" BIGINT NOT NULL CHECK ("fiat_amount" > 0),
  "source" JSONB NOT NULL,
  "destination" JSONB NOT NULL,
  "legs" JSONB NOT NULL,
  "provider_status" TEXT,
  "failure_reason" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "operations_stablecoin_created_idx" ON "operations" ("stablecoin_id", "created_at" DESC, "id" DESC);

CREATE TABLE "jobs" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "kind" TEXT NOT NULL,
  "subject_id" TEXT NOT NULL,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "run_at" TIMESTAMPTZ(3) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "done_at" TIMESTAMPTZ(3)
);
CREATE INDEX "jobs_subject_idx" ON "jobs" ("subject_id");
-- the claim of due jobs and "when is the next one due" read only pending jobs
CREATE INDEX "jobs_pending_idx" ON "jobs" ("run_at") WHERE "done_at" IS NULL;

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

-- Loops LISTEN instead of polling: a trigger names the channel of the loop that has new work.
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

-- a new job may fall due before the one the runner waits for
CREATE TRIGGER "jobs_notify" AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('stablecoin_jobs');
