-- Credentials, challenges, sessions, signed requests, wallet secrets and delegated keys of embedded wallets.

CREATE TABLE "auth_methods" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "customer_id" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "nickname" TEXT NOT NULL,
  "otp_slot" TEXT,
  "email" TEXT,
  "phone_number" TEXT,
  "passkey_credential_id" TEXT,
  "passkey_customer_id" TEXT,
  "passkey_public_key" BYTEA,
  "passkey_counter" BIGINT,
  "passkey_transports" TEXT[] NOT NULL DEFAULT '{}',
  "oidc_issuer" TEXT,
  "oidc_audience" TEXT,
  "oidc_subject" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "auth_methods_type" CHECK ("type" IN ('EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH')),
  -- the uniqueness columns are set for their own type only (NULLs never collide)
  CONSTRAINT "auth_methods_otp_slot" CHECK ("otp_slot" IS NULL OR "otp_slot" = "type"),
  CONSTRAINT "auth_methods_passkey_counter" CHECK ("passkey_counter" IS NULL OR "passkey_counter" >= 0)
);
CREATE INDEX "auth_methods_tenant_account_idx" ON "auth_methods" ("platform_id", "environment", "account_id");
CREATE UNIQUE INDEX "auth_methods_otp_slot_key" ON "auth_methods" ("platform_id", "environment", "account_id", "otp_slot");
CREATE UNIQUE INDEX "auth_methods_email_key" ON "auth_methods" ("platform_id", "environment", "email");
CREATE UNIQUE INDEX "auth_methods_phone_number_key" ON "auth_methods" ("platform_id", "environment", "phone_number");
CREATE UNIQUE INDEX "auth_methods_passkey_credential_id_key" ON "auth_methods" ("platform_id", "environment", "passkey_credential_id");
CREATE UNIQUE INDEX "auth_methods_passkey_customer_id_key" ON "auth_methods" ("platform_id", "environment", "passkey_customer_id");

CREATE TABLE "otp_challenges" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "auth_method_id" TEXT NOT NULL REFERENCES "auth_methods" ("id") ON DELETE CASCADE,
  "target_private_key" BYTEA NOT NULL,
  "code_digest" TEXT NOT NULL,
  "failed_attempts" INTEGER NOT NULL DEFAULT 0,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "otp_challenges_auth_method_idx" ON "otp_challenges" ("auth_method_id", "created_at");

CREATE TABLE "passkey_challenges" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "auth_method_id" TEXT NOT NULL REFERENCES "auth_methods" ("id") ON DELETE CASCADE,
  "challenge" TEXT NOT NULL,
  "client_public_key" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "passkey_challenges_auth_method_idx" ON "passkey_challenges" ("auth_method_id");

CREATE TABLE "auth_sessions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "auth_method_id" TEXT NOT NULL REFERENCES "auth_methods" ("id") ON DELETE CASCADE,
  "public_key" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "revoked_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "auth_sessions_signer_idx" ON "auth_sessions" ("platform_id", "environment", "account_id", "public_key");

CREATE TABLE "signed_requests" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "operation" TEXT NOT NULL,
  "body_digest" TEXT NOT NULL,
  "payload_to_sign" TEXT NOT NULL,
  "signer_public_key" TEXT,
  "auth_method_id" TEXT,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "consumed_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE TABLE "wallet_secrets" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "ciphertext" BYTEA NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "account_id")
);

CREATE TABLE "delegated_keys" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "card_id" TEXT NOT NULL,
  "funding_source_id" TEXT NOT NULL,
  "active_funding_source_id" TEXT,
  "public_key" TEXT NOT NULL,
  "private_key" BYTEA NOT NULL,
  "nickname" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "delegated_keys_status" CHECK ("status" IN ('PENDING', 'ACTIVE', 'REVOKED')),
  CONSTRAINT "delegated_keys_active_slot" CHECK (("status" = 'ACTIVE') = ("active_funding_source_id" IS NOT NULL))
);
CREATE INDEX "delegated_keys_tenant_account_idx" ON "delegated_keys" ("platform_id", "environment", "account_id");
CREATE UNIQUE INDEX "delegated_keys_active_funding_source_key" ON "delegated_keys" ("platform_id", "environment", "active_funding_source_id");

-- the service runtime's outbox (see service.prisma)
CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
