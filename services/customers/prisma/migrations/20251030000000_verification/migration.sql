CREATE TABLE "verifications" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "verification_status" TEXT NOT NULL CHECK ("verification_status" IN
    ('RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION')),
  "errors" JSONB NOT NULL,
  "source" TEXT NOT NULL CHECK ("source" IN ('API', 'HOSTED')),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE INDEX "verifications_customer_idx" ON "verifications" ("customer_id", "created_at" DESC);

CREATE TABLE "kyc_links" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "token_hash" TEXT NOT NULL,
  "provider" TEXT NOT NULL,
  "redirect_uri" TEXT,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE UNIQUE INDEX "kyc_links_token_hash_key" ON "kyc_links" ("token_hash");

CREATE TABLE "beneficial_owners" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "roles" TEXT[] NOT NULL CHECK (cardinality("roles") > 0),
  "ownership_percentage" INTEGER NOT NULL CHECK ("ownership_percentage" BETWEEN 0 AND 100),
  "personal_info" JSONB NOT NULL,
  "kyc_status" "verification_status" NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE INDEX "beneficial_owners_customer_idx" ON "beneficial_owners" ("customer_id", "created_at" DESC, "id" DESC);

CREATE TABLE "documents" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "holder_id" TEXT NOT NULL,
  "document_type" TEXT NOT NULL,
  "side" TEXT CHECK ("side" IN ('FRONT', 'BACK')),
  "country" TEXT NOT NULL,
  "document_number" TEXT,
  "issuing_authority" TEXT,
  "file_name" TEXT NOT NULL,
  "content_type" TEXT NOT NULL,
  "size_bytes" INTEGER NOT NULL CHECK ("size_bytes" > 0),
  "content" BYTEA NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE INDEX "documents_tenant_created_idx" ON "documents" ("platform_id", "environment", "created_at" DESC, "id" DESC);

-- Spec: a document of a type that already exists for a holder is replaced with PUT, a POST gets
-- 409 DOCUMENT_ALREADY_EXISTS. Two sides of one identity document are two documents.
CREATE UNIQUE INDEX "documents_holder_type_side_key" ON "documents" ("holder_id", "document_type", (COALESCE("side", '')));

CREATE TABLE "contact_verifications" (
  "customer_id" TEXT NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "channel" TEXT NOT NULL CHECK ("channel" IN ('EMAIL', 'PHONE')),
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "sent_to" TEXT,
  "code_hash" TEXT,
  "code_expires_at" TIMESTAMPTZ(3),
  "failed_attempts" INTEGER NOT NULL DEFAULT 0,
  "verified_contact" TEXT,
  "verified_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("customer_id", "channel")
);

CREATE TABLE "customer_import_jobs" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL CHECK ("environment" IN ('SANDBOX', 'PRODUCTION')),
  "status" TEXT NOT NULL CHECK ("status" IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  "csv" TEXT NOT NULL,
  "total" INTEGER NOT NULL,
  "processed" INTEGER NOT NULL DEFAULT 0,
  "successful" INTEGER NOT NULL DEFAULT 0,
  "failed" INTEGER NOT NULL DEFAULT 0,
  "errors" JSONB NOT NULL DEFAULT '[]',
  "lease_until" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  "completed_at" TIMESTAMPTZ(3)
);

-- The worker's queue: only jobs still to finish, oldest first.
CREATE INDEX "customer_import_jobs_open_idx" ON "customer_import_jobs" ("created_at") WHERE "status" IN ('PENDING', 'PROCESSING');
