-- A production internal account funded through the deployment's own bank account carries the key
-- an incoming credit names it by (an ACH virtual account number, a SEPA creditor reference); the
-- key is unique, so a credit finds at most one account. The numbers are drawn from a sequence, so
-- two accounts never share one.
ALTER TABLE "internal_accounts" ADD COLUMN "collection_key" TEXT;
CREATE UNIQUE INDEX "internal_accounts_collection_key_key" ON "internal_accounts" ("collection_key");
CREATE SEQUENCE "internal_account_collection_numbers" START 1;
