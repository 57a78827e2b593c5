-- WALLET_SECRET_KEY rotates in place: each sealed column gets the id of the key that sealed it
-- beside it (see @pp/secrets sealingKeyring), and what is sealed from now on is bound to its row.
-- NULL marks a value sealed before key ids, bound to nothing: the service seals it again, bound
-- to its row and under the current key, at its next start.
ALTER TABLE "wallet_secrets" ADD COLUMN "sealing_key_id" TEXT;
ALTER TABLE "otp_challenges" ADD COLUMN "sealing_key_id" TEXT;
ALTER TABLE "delegated_keys" ADD COLUMN "sealing_key_id" TEXT;
