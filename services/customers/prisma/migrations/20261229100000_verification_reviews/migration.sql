-- The review queue of production verifications (an operator's or a KYC vendor's decision) and the
-- vendor webhook events applied, so a redelivered decision is applied once.
CREATE TABLE "verification_reviews" (
    "verification_id" TEXT NOT NULL,
    "platform_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "verification_reviews_pkey" PRIMARY KEY ("verification_id")
);

CREATE INDEX "verification_reviews_status_idx" ON "verification_reviews"("status", "created_at", "verification_id");

CREATE TABLE "kyc_vendor_events" (
    "vendor" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "verification_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "kyc_vendor_events_pkey" PRIMARY KEY ("vendor","event_id")
);
