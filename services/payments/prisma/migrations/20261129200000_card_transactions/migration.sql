-- Card transactions, as the cards service reports them (its CARD_TRANSACTION_RECORDED fact), are
-- listed with the others: card_json is the cards service's own JSON of the transaction, kept at
-- its latest version (card_version).
ALTER TABLE "transactions" ADD COLUMN "card_json" JSONB;
ALTER TABLE "transactions" ADD COLUMN "card_version" INTEGER;
