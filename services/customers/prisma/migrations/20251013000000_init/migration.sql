CREATE TYPE "customer_type" AS ENUM ('INDIVIDUAL', 'BUSINESS');

CREATE TYPE "verification_status" AS ENUM ('UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD');

CREATE TYPE "acceptance_method" AS ENUM ('CHECKBOX', 'CLICK_TO_ACCEPT');

CREATE TABLE "customers" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "customer_type" "customer_type" NOT NULL,
  "platform_customer_id" TEXT,
  "region" TEXT,
  "currencies" TEXT[] NOT NULL DEFAULT '{}',
  "email" TEXT,
  "phone_number" TEXT,
  "uma_address" TEXT,
  "address" JSONB,
  "full_name" TEXT,
  "birth_date" DATE,
  "nationality" TEXT,
  "id_type" TEXT,
  "identifier" TEXT,
  "country_of_issuance" TEXT,
  "due_diligence" JSONB,
  "business_info" JSONB,
  "verification_status" "verification_status" NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  "deleted_at" TIMESTAMPTZ(3)
);

CREATE INDEX "customers_tenant_created_idx" ON "customers" ("platform_id", "environment", "created_at" DESC, "id" DESC);

-- Spec: a platformCustomerId must not collide with an active customer of the same platform;
-- deleting a customer frees its identifier.
CREATE UNIQUE INDEX "customers_active_platform_customer_id_key" ON "customers" ("platform_id", "environment", "platform_customer_id")
  WHERE "deleted_at" IS NULL AND "platform_customer_id" IS NOT NULL;

CREATE TABLE "agreement_consents" (
  "id" BIGSERIAL NOT NULL PRIMARY KEY,
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "agreement_type" TEXT NOT NULL,
  "terms_version" TEXT NOT NULL,
  "accepted_at" TIMESTAMPTZ(3) NOT NULL,
  "ip_address" TEXT NOT NULL,
  "acceptance_method" "acceptance_method" NOT NULL,
  "recorded_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE INDEX "agreement_consents_latest_idx" ON "agreement_consents" ("customer_id", "agreement_type", "accepted_at" DESC, "id" DESC);

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
