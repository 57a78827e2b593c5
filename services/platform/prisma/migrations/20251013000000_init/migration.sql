-- Platforms, their per-environment configuration, API tokens and the outbox.

CREATE TYPE "environment" AS ENUM ('SANDBOX', 'PRODUCTION');

CREATE TYPE "token_permission" AS ENUM ('VIEW', 'TRANSACT', 'MANAGE');

CREATE TABLE "platforms" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL CHECK ("name" <> ''),
  "is_regulated_financial_institution" BOOLEAN NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "platforms_name_key" ON "platforms" ("name");

CREATE TABLE "platform_configs" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL REFERENCES "platforms" ("id"),
  "environment" "environment" NOT NULL,
  "uma_domain" TEXT,
  "proxy_uma_subdomain" TEXT,
  "webhook_endpoint" TEXT,
  "skip_verification_paperwork" BOOLEAN NOT NULL DEFAULT false,
  "embedded_wallet_config" JSONB,
  "card_tokenization_2fa_config" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- the skip option is a sandbox rule (spec, sandbox rule 3); production never skips paperwork
  CONSTRAINT "platform_configs_skip_sandbox_only" CHECK ("environment" = 'SANDBOX' OR NOT "skip_verification_paperwork")
);
CREATE UNIQUE INDEX "platform_configs_platform_id_environment_key" ON "platform_configs" ("platform_id", "environment");

CREATE TABLE "platform_currency_configs" (
  "platform_id" TEXT NOT NULL,
  "environment" "environment" NOT NULL,
  "currency_code" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "min_amount" BIGINT NOT NULL,
  "max_amount" BIGINT NOT NULL,
  "required_counterparty_fields" JSONB NOT NULL,
  "enabled_transaction_types" TEXT[] NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "currency_code"),
  FOREIGN KEY ("platform_id", "environment") REFERENCES "platform_configs" ("platform_id", "environment") ON DELETE CASCADE,
  CONSTRAINT "platform_currency_configs_amounts" CHECK ("min_amount" >= 0 AND "min_amount" <= "max_amount")
);

CREATE TABLE "platform_fee_configs" (
  "platform_id" TEXT NOT NULL,
  "environment" "environment" NOT NULL,
  "fee_type" TEXT NOT NULL,
  "source_currency" TEXT NOT NULL,
  "variable_fee_bps" INTEGER NOT NULL,
  "fixed_fee_amount" BIGINT NOT NULL,
  "fixed_fee_currency" TEXT NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "fee_type", "source_currency"),
  FOREIGN KEY ("platform_id", "environment") REFERENCES "platform_configs" ("platform_id", "environment") ON DELETE CASCADE,
  CONSTRAINT "platform_fee_configs_amounts" CHECK ("variable_fee_bps" BETWEEN 0 AND 10000 AND "fixed_fee_amount" >= 0)
);

CREATE TABLE "api_tokens" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL REFERENCES "platforms" ("id"),
  "environment" "environment" NOT NULL,
  "name" TEXT NOT NULL,
  "permissions" "token_permission"[] NOT NULL,
  "client_id" TEXT NOT NULL,
  "secret_hash" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "deleted_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "api_tokens_client_id_key" ON "api_tokens" ("client_id");
CREATE INDEX "api_tokens_platform_id_environment_created_at_id_idx" ON "api_tokens" ("platform_id", "environment", "created_at" DESC, "id" DESC);

CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
