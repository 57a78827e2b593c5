-- A key history per environment: a rotation inserts the new current key (retires_at NULL) and
-- gives the key it replaces a retires_at. A key is identified by its public half.
ALTER TABLE "signing_keys" DROP CONSTRAINT "signing_keys_pkey";
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("public_key_hex");
ALTER TABLE "signing_keys" ADD COLUMN "retires_at" TIMESTAMPTZ(3);
-- one current key per environment: a second rotation racing the first fails instead of leaving two
CREATE UNIQUE INDEX "signing_keys_current_key" ON "signing_keys" ("environment") WHERE "retires_at" IS NULL;
