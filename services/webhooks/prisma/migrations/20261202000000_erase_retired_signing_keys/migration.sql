-- A replaced key only verifies until it retires: its private half is erased, and only the
-- current key of an environment may hold one.
UPDATE "signing_keys" SET "private_key" = '\x'::bytea, "private_key_encryption" = 'ERASED' WHERE "retires_at" IS NOT NULL;
ALTER TABLE "signing_keys" DROP CONSTRAINT "signing_keys_private_key_encryption_check";
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_private_key_encryption_check"
  CHECK ("private_key_encryption" IN ('NONE', 'AES_256_GCM', 'ERASED')
    AND ("private_key_encryption" = 'ERASED') = ("retires_at" IS NOT NULL));
