-- The agents service's database: agents, their device codes and access tokens (SHA-256 only), the
-- quotes they created and the actions (money movements) they submitted under their policy, and the
-- outbox. The agent tables are platform's (20261129000000_agents) as they were, less the foreign key
-- to platforms, which live in another database now: a platform id is a plain string column here.

CREATE TYPE "environment" AS ENUM ('SANDBOX', 'PRODUCTION');

-- Background loops LISTEN instead of polling: each trigger names the channel of the loop that has
-- new work; pg_notify is transactional, so a loop wakes only once the work is committed. A
-- statement-level trigger passes its inserted rows as "inserted": a statement that inserted none
-- wakes nobody.
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

CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
-- the pruning (libs/db startPruning) walks the published rows
CREATE INDEX "outbox_events_published_idx" ON "outbox_events" ("published_at") WHERE "published_at" IS NOT NULL;
CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('outbox_events');

CREATE TABLE "agents" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" "environment" NOT NULL,
  "customer_id" TEXT NOT NULL,
  "platform_customer_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "is_paused" BOOLEAN NOT NULL DEFAULT false,
  "is_connected" BOOLEAN NOT NULL DEFAULT false,
  "policy" JSONB NOT NULL,
  "usage_day" TEXT NOT NULL,
  "daily_count" INTEGER NOT NULL DEFAULT 0,
  "daily_spend" BIGINT NOT NULL DEFAULT 0,
  "usage_month" TEXT NOT NULL,
  "monthly_spend" BIGINT NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "deleted_at" TIMESTAMPTZ(3),
  CONSTRAINT "agents_usage_non_negative" CHECK ("daily_count" >= 0 AND "daily_spend" >= 0 AND "monthly_spend" >= 0)
);
CREATE INDEX "agents_platform_id_environment_created_at_id_idx" ON "agents" ("platform_id", "environment", "created_at" DESC, "id" DESC);

CREATE TABLE "agent_device_codes" (
  "code_hash" TEXT NOT NULL PRIMARY KEY,
  "agent_id" TEXT NOT NULL REFERENCES "agents" ("id"),
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "redeemed_at" TIMESTAMPTZ(3),
  "invalidated_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "agent_device_codes_agent_id_idx" ON "agent_device_codes" ("agent_id");

CREATE TABLE "agent_tokens" (
  "token_hash" TEXT NOT NULL PRIMARY KEY,
  "agent_id" TEXT NOT NULL REFERENCES "agents" ("id"),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "revoked_at" TIMESTAMPTZ(3)
);
CREATE INDEX "agent_tokens_agent_id_idx" ON "agent_tokens" ("agent_id");

CREATE TABLE "agent_quotes" (
  "quote_id" TEXT NOT NULL PRIMARY KEY,
  "agent_id" TEXT NOT NULL REFERENCES "agents" ("id"),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "agent_quotes_agent_id_idx" ON "agent_quotes" ("agent_id");

CREATE TABLE "agent_actions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "agent_id" TEXT NOT NULL REFERENCES "agents" ("id"),
  "platform_id" TEXT NOT NULL,
  "environment" "environment" NOT NULL,
  "customer_id" TEXT NOT NULL,
  "platform_customer_id" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "quote_id" TEXT NOT NULL,
  "transaction_id" TEXT NOT NULL,
  "transfer_details" JSONB,
  "quote_json" TEXT NOT NULL,
  "transaction_json" TEXT,
  "rejection_reason" TEXT,
  "amount" BIGINT NOT NULL,
  "reserved_day" TEXT NOT NULL,
  "reserved_month" TEXT NOT NULL,
  "executing_since" TIMESTAMPTZ(3),
  "idempotency_key" TEXT,
  "request_hash" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "agent_actions_type" CHECK ("type" IN ('EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN')),
  CONSTRAINT "agent_actions_status" CHECK ("status" IN ('PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'))
);
CREATE UNIQUE INDEX "agent_actions_quote_id_key" ON "agent_actions" ("quote_id");
CREATE UNIQUE INDEX "agent_actions_transaction_id_key" ON "agent_actions" ("transaction_id");
CREATE UNIQUE INDEX "agent_actions_agent_id_idempotency_key_key" ON "agent_actions" ("agent_id", "idempotency_key");
CREATE INDEX "agent_actions_agent_id_created_at_id_idx" ON "agent_actions" ("agent_id", "created_at" DESC, "id" DESC);
CREATE INDEX "agent_actions_platform_id_environment_status_created_at_id_idx" ON "agent_actions" ("platform_id", "environment", "status", "created_at" DESC, "id" DESC);

-- Executions owed (approved, not yet answered by payments): the recovery loop finds them here,
-- and is told of each new one, to look once it has had time to finish on its own.
CREATE INDEX "agent_actions_owed_idx" ON "agent_actions" ("executing_since") WHERE "executing_since" IS NOT NULL;
CREATE TRIGGER "agent_actions_owed_notify" AFTER INSERT OR UPDATE OF "executing_since" ON "agent_actions"
  FOR EACH ROW WHEN (NEW."executing_since" IS NOT NULL) EXECUTE FUNCTION "notify_channel"('agent_actions_owed');
