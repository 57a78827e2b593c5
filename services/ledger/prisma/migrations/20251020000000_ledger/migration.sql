-- The ledger: accounts with pending and posted totals, immutable transfers and their entries,
-- internal accounts, the account holders heard of from customer events, idempotency and outbox.

CREATE TYPE "ledger_account_kind" AS ENUM ('INTERNAL', 'FUNDING', 'SETTLEMENT', 'FX', 'FEES');
CREATE TYPE "transfer_kind" AS ENUM ('DIRECT', 'PENDING', 'POST_PENDING', 'VOID_PENDING');
CREATE TYPE "transfer_code" AS ENUM ('PAYMENT', 'FUNDING', 'SETTLEMENT', 'FX', 'FEE', 'CARD', 'SWEEP', 'CORRECTION');
CREATE TYPE "internal_account_type" AS ENUM ('INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED');
CREATE TYPE "internal_account_status" AS ENUM ('PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED');

CREATE TABLE "ledger_accounts" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "kind" "ledger_account_kind" NOT NULL,
  "currency" TEXT NOT NULL,
  "debits_pending" BIGINT NOT NULL DEFAULT 0,
  "debits_posted" BIGINT NOT NULL DEFAULT 0,
  "credits_pending" BIGINT NOT NULL DEFAULT 0,
  "credits_posted" BIGINT NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "ledger_accounts_totals_non_negative" CHECK (
    "debits_pending" >= 0 AND "debits_posted" >= 0 AND "credits_pending" >= 0 AND "credits_posted" >= 0
  ),
  -- TigerBeetle's debits_must_not_exceed_credits for customers' and platforms' accounts
  CONSTRAINT "ledger_accounts_internal_never_overdrawn" CHECK (
    "kind" <> 'INTERNAL' OR "debits_posted" + "debits_pending" <= "credits_posted"
  )
);
-- one system account per tenant, kind and currency
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" ("platform_id", "environment", "kind", "currency")
  WHERE "kind" <> 'INTERNAL';

CREATE TABLE "ledger_transfers" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "kind" "transfer_kind" NOT NULL,
  "code" "transfer_code" NOT NULL,
  "pending_id" TEXT,
  "fingerprint" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("platform_id", "environment", "id"),
  CONSTRAINT "ledger_transfers_resolution_names_hold" CHECK (
    ("kind" IN ('POST_PENDING', 'VOID_PENDING')) = ("pending_id" IS NOT NULL)
  ),
  CONSTRAINT "ledger_transfers_pending_fkey" FOREIGN KEY ("platform_id", "environment", "pending_id")
    REFERENCES "ledger_transfers" ("platform_id", "environment", "id")
);
-- a hold resolves once: one post or one void
CREATE UNIQUE INDEX "ledger_transfers_pending_id_key" ON "ledger_transfers" ("platform_id", "environment", "pending_id");

CREATE TABLE "ledger_entries" (
  "id" BIGSERIAL NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "transfer_id" TEXT NOT NULL,
  "leg" INTEGER NOT NULL,
  "account_id" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "amount" BIGINT NOT NULL CHECK ("amount" <> 0),
  CONSTRAINT "ledger_entries_transfer_fkey" FOREIGN KEY ("platform_id", "environment", "transfer_id")
    REFERENCES "ledger_transfers" ("platform_id", "environment", "id"),
  CONSTRAINT "ledger_entries_account_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts" ("id")
);
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" ("platform_id", "environment", "transfer_id");
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" ("account_id");

-- transfers and entries are facts: corrections are new transfers, never edits
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER "ledger_transfers_immutable" BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();

CREATE TABLE "internal_accounts" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "customer_id" TEXT,
  "type" "internal_account_type" NOT NULL,
  "currency" TEXT NOT NULL,
  "status" "internal_account_status" NOT NULL,
  "label" TEXT CHECK (char_length("label") <= 255),
  "sweep_rule" JSONB,
  "private_enabled" BOOLEAN,
  "funding_instructions" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "internal_accounts_ledger_account_fkey" FOREIGN KEY ("id") REFERENCES "ledger_accounts" ("id"),
  CONSTRAINT "internal_accounts_sweep_rule_only_rule_based" CHECK (("type" = 'RULE_BASED') = ("sweep_rule" IS NOT NULL)),
  CONSTRAINT "internal_accounts_privacy_only_embedded_wallet" CHECK (("type" = 'EMBEDDED_WALLET') = ("private_enabled" IS NOT NULL)),
  CONSTRAINT "internal_accounts_rule_based_customer_owned" CHECK ("type" <> 'RULE_BASED' OR "customer_id" IS NOT NULL)
);
CREATE INDEX "internal_accounts_tenant_created_idx" ON "internal_accounts" ("platform_id", "environment", "created_at" DESC, "id" DESC);
CREATE INDEX "internal_accounts_customer_idx" ON "internal_accounts" ("platform_id", "environment", "customer_id");
-- provisioning happens exactly once per owner (a customer, or the platform), type and currency
CREATE UNIQUE INDEX "internal_accounts_provisioned_key" ON "internal_accounts"
  ("platform_id", "environment", COALESCE("customer_id", ''), "type", "currency")
  WHERE "type" <> 'RULE_BASED';

CREATE TABLE "account_holders" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "customer_id" TEXT NOT NULL,
  "platform_customer_id" TEXT,
  "customer_type" TEXT NOT NULL,
  "verification_status" TEXT,
  "is_terms_accepted" BOOLEAN NOT NULL,
  "is_deleted" BOOLEAN NOT NULL,
  "customer_updated_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "customer_id")
);

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
