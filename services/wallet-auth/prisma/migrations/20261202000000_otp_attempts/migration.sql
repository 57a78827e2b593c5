-- A verification attempt takes one of the challenge's attempts before its code is compared (one
-- conditional UPDATE), so parallel guesses cannot pass the cap: the column counts attempts taken,
-- right or wrong, no longer wrong codes counted after the comparison.
ALTER TABLE "otp_challenges" RENAME COLUMN "failed_attempts" TO "attempts";

-- Codes were kept as an unsalted SHA-256, which the million six-digit candidates reverse; they are
-- now an HMAC under a key derived from WALLET_SECRET_KEY. Rather than read both forms, the challenges
-- still open are closed (the client asks for a new code, as after one that expired) and every old
-- digest is erased.
UPDATE "otp_challenges" SET "code_digest" = '', "used_at" = COALESCE("used_at", now());
