-- Every customer shows a platformCustomerId: customers created without one get their id's uuid.
UPDATE "customers" SET "platform_customer_id" = substr("id", strpos("id", ':') + 1) WHERE "platform_customer_id" IS NULL;

-- Every customer shows an UMA address: customers created without one get a system address on the
-- default system domain (the same rule as create, see domain/customers/uma-address.ts).
UPDATE "customers"
   SET "uma_address" = '$' || lower(replace(substr("id", strpos("id", ':') + 1), '-', '')) || '@uma.payments.local'
 WHERE "uma_address" IS NULL;

-- An UMA address routes payments to one customer of a tenant: UMA_ADDRESS_EXISTS otherwise.
CREATE UNIQUE INDEX "customers_active_uma_address_key" ON "customers" ("platform_id", "environment", "uma_address")
  WHERE "deleted_at" IS NULL AND "uma_address" IS NOT NULL;

-- GET /verifications walks the tenant's verifications newest first (and one customer's, by the existing index).
CREATE INDEX "verifications_tenant_created_idx" ON "verifications" ("platform_id", "environment", "created_at" DESC, "id" DESC);

-- UMA invitations. A claim is a conditional UPDATE on status = 'PENDING': single use under concurrency.
CREATE TABLE "uma_invitations" (
  "code" TEXT PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "inviter_uma" TEXT NOT NULL,
  "invitee_uma" TEXT,
  "first_name" TEXT,
  "amount_to_send" BIGINT,
  "amount_currency" TEXT,
  "url" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3),
  "claimed_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);

-- Strong customer authentication. An enrolled (or pending) TOTP or passkey factor; SMS_OTP is implicit.
-- The TOTP seed is kept sealed with SCA_SECRET_KEY (AES-256-GCM); recovery codes are kept hashed.
CREATE TABLE "sca_factors" (
  "id" TEXT PRIMARY KEY,
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id"),
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "factor" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "totp_secret_sealed" BYTEA,
  "totp_secret_hash" TEXT,
  "recovery_code_hashes" TEXT[] NOT NULL DEFAULT '{}',
  "passkey_credential_id" TEXT,
  "passkey_public_key" BYTEA,
  "passkey_counter" BIGINT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "confirmed_at" TIMESTAMPTZ(3)
);
-- One active TOTP and one active passkey per customer.
CREATE UNIQUE INDEX "sca_factors_active_key" ON "sca_factors" ("customer_id", "factor") WHERE "status" = 'ACTIVE';
CREATE INDEX "sca_factors_customer_idx" ON "sca_factors" ("customer_id", "created_at");

-- A challenge to prove a factor: for a login, a passkey enrolment, or a money movement (reference
-- names the quote). SMS codes are kept hashed; passkey challenges are the WebAuthn challenge text.
CREATE TABLE "sca_challenges" (
  "id" TEXT PRIMARY KEY,
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id"),
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "purpose" TEXT NOT NULL,
  "factor" TEXT NOT NULL,
  "reference" TEXT,
  "code_hash" TEXT,
  "webauthn_challenge" TEXT,
  "failed_attempts" INTEGER NOT NULL DEFAULT 0,
  "last_sent_at" TIMESTAMPTZ(3),
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "sca_challenges_reference_idx" ON "sca_challenges" ("customer_id", "reference", "created_at" DESC);

-- A customer's login-security state: the SCA session and the failed-attempt lockout.
CREATE TABLE "sca_login_states" (
  "customer_id" TEXT PRIMARY KEY REFERENCES "customers" ("id"),
  "failed_attempts" INTEGER NOT NULL DEFAULT 0,
  "locked_until" TIMESTAMPTZ(3),
  "suspended" BOOLEAN NOT NULL DEFAULT FALSE,
  "session_expires_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);

-- The liveness-gated reset of a lost factor (5 started per customer per 24 hours).
CREATE TABLE "sca_factor_resets" (
  "id" TEXT PRIMARY KEY,
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id"),
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "factor" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "completed_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "sca_factor_resets_customer_idx" ON "sca_factor_resets" ("customer_id", "created_at" DESC);
