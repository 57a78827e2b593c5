-- Contact verification counts a channel's sends and wrong codes per hour, across resends: a new
-- code no longer restores the attempts, and sends are throttled (an interval and a cap per hour).
-- Existing rows start a window at their next send.
ALTER TABLE "contact_verifications"
  ADD COLUMN "window_started_at" TIMESTAMPTZ(3),
  ADD COLUMN "codes_sent" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "last_sent_at" TIMESTAMPTZ(3);

-- Contact and SMS codes were kept as an unsalted SHA-256, which the million six-digit candidates
-- reverse; they are now an HMAC under a key derived from SCA_SECRET_KEY. Rather than read both
-- forms, the pending codes are dropped: a contact code is requested again (as after expiry), an
-- open SMS challenge gets a new code with its resend, a login starts again.
UPDATE "contact_verifications" SET "code_hash" = NULL, "code_expires_at" = NULL WHERE "code_hash" IS NOT NULL;
UPDATE "sca_challenges" SET "code_hash" = NULL WHERE "code_hash" IS NOT NULL;
