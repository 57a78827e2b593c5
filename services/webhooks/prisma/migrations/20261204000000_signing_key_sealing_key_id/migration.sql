-- WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY rotates in place: a sealed private half names the key that
-- sealed it (see @pp/secrets sealingKeyring) and is bound to its row. NULL on a sealed row marks
-- one sealed before key ids (bound to its environment alone): the service seals it again under
-- the current key at its next start.
ALTER TABLE "signing_keys" ADD COLUMN "sealing_key_id" TEXT;
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_sealing_key_id_check"
  CHECK ("sealing_key_id" IS NULL OR "private_key_encryption" = 'AES_256_GCM');
