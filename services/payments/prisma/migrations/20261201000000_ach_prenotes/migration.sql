-- ACH prenotes (issue 27): a production US bank account is validated by a zero-dollar entry in
-- the next NACHA file; unreturned through the waiting period it is valid, returned it is not.
-- The ledger asks for one with its ACH_VALIDATION_REQUESTED fact, kept here until a file takes it.
CREATE TABLE "ach_prenote_requests" (
  "external_account_id" TEXT NOT NULL PRIMARY KEY,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "requested_at" TIMESTAMPTZ(3) NOT NULL
);

-- A prenote is an entry of its own kind: no payout, no amount, one per account; it "settles" when
-- its waiting period ends and the ledger is told the account validated.
ALTER TABLE "ach_entries" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'PAYOUT' CHECK ("kind" IN ('PAYOUT', 'PRENOTE'));
ALTER TABLE "ach_entries" ALTER COLUMN "transaction_id" DROP NOT NULL;
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_payout_has_transaction" CHECK (("kind" = 'PAYOUT') = ("transaction_id" IS NOT NULL));
ALTER TABLE "ach_entries" DROP CONSTRAINT "ach_entries_amount_check";
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_amount_check" CHECK (("kind" = 'PAYOUT' AND "amount" > 0) OR ("kind" = 'PRENOTE' AND "amount" = 0));
CREATE UNIQUE INDEX "ach_entries_prenote_account_key" ON "ach_entries" ("external_account_id") WHERE "kind" = 'PRENOTE';

-- a file may carry prenotes alone
ALTER TABLE "ach_files" DROP CONSTRAINT "ach_files_total_credit_check";
ALTER TABLE "ach_files" ADD CONSTRAINT "ach_files_total_credit_check" CHECK ("total_credit" >= 0);
