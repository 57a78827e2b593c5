-- Card security codes are no longer stored (PCI DSS 3.3.3): the issuer derives one when a card is
-- revealed. Cards issued before show a newly derived code from now on (sandbox cards only).
ALTER TABLE "cards" DROP COLUMN "cvv_sealed";

-- The id of the key that sealed pan_sealed, beside it, so the key can rotate. NULL marks a number
-- sealed before key ids and before ciphertexts were bound to their card: the service re-seals it
-- (bound to the card, under the current key) at its next start.
ALTER TABLE "cards" ADD COLUMN "pan_key_id" TEXT;

-- Each reveal link opens once: its token id is taken here the first time.
CREATE TABLE "card_reveals" (
  "token_id" TEXT NOT NULL PRIMARY KEY,
  "card_id" TEXT NOT NULL,
  "opened_at" TIMESTAMPTZ(3) NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "card_reveals_expires_at_idx" ON "card_reveals" ("expires_at");
