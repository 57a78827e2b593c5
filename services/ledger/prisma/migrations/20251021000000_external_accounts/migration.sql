-- External accounts of customers and platforms, and their SCA and ownership challenges.

CREATE TYPE "external_account_status" AS ENUM (
  'PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'
);
CREATE TYPE "beneficiary_verification_status" AS ENUM (
  'MATCHED', 'NOT_MATCHED', 'PARTIAL_MATCH', 'PENDING', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI'
);
CREATE TYPE "ach_validation_status" AS ENUM ('VALIDATING', 'VALIDATED', 'FAILED');
CREATE TYPE "external_account_challenge_purpose" AS ENUM ('TRUST', 'UNTRUST', 'OWNERSHIP');

CREATE TABLE "external_accounts" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "customer_id" TEXT,
  "account_type" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "account_info" JSONB NOT NULL,
  "identity_key" TEXT NOT NULL,
  "platform_account_id" TEXT,
  "ownership_type" TEXT,
  "default_uma_deposit_account" BOOLEAN NOT NULL,
  "status" "external_account_status" NOT NULL,
  "beneficiary_verification_status" "beneficiary_verification_status",
  "beneficiary_verified_name" TEXT,
  "ach_validation_status" "ach_validation_status",
  "ach_validates_at" TIMESTAMPTZ(3),
  "ach_validation_outcome" "ach_validation_status",
  "is_trusted" BOOLEAN NOT NULL DEFAULT false,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  "deleted_at" TIMESTAMPTZ(3),
  CONSTRAINT "external_accounts_ownership_type" CHECK ("ownership_type" IN ('FIRST_PARTY', 'THIRD_PARTY')),
  CONSTRAINT "external_accounts_outcome_is_final" CHECK ("ach_validation_outcome" <> 'VALIDATING'),
  -- a trusted beneficiary is never deleted: it is untrusted first
  CONSTRAINT "external_accounts_trusted_not_deleted" CHECK (NOT ("is_trusted" AND "deleted_at" IS NOT NULL))
);
CREATE INDEX "external_accounts_tenant_created_idx" ON "external_accounts" ("platform_id", "environment", "created_at" DESC, "id" DESC);
-- one live account per tenant, owner (the platform's own have no customer), currency and identity
CREATE UNIQUE INDEX "external_accounts_live_identity_key" ON "external_accounts"
  ("platform_id", "environment", COALESCE("customer_id", ''), "currency", "identity_key")
  WHERE "deleted_at" IS NULL;
-- the ACH validations still waiting for their window to pass, claimed by the finishing job
CREATE INDEX "external_accounts_ach_due_idx" ON "external_accounts" ("ach_validates_at")
  WHERE "ach_validation_status" = 'VALIDATING';

CREATE TABLE "external_account_challenges" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "external_account_id" TEXT NOT NULL REFERENCES "external_accounts" ("id"),
  "purpose" "external_account_challenge_purpose" NOT NULL,
  "method" TEXT NOT NULL,
  "message_to_sign" TEXT,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "resolved_at" TIMESTAMPTZ(3)
);
CREATE INDEX "external_account_challenges_account_idx" ON "external_account_challenges" ("external_account_id", "purpose", "created_at" DESC);
