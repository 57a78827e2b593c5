-- SEPA credit transfers over ISO 20022 (issue 27): pain.001 files built for the bank and their
-- credit transfers; the inbound files and the operator queue the ACH rail had become the bank
-- rails' own, each row naming its rail. No IBAN is stored here: the ledger keeps them sealed and
-- a file is built from its answers.
CREATE TABLE "sepa_files" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL,
  -- the pain.001 MsgId: a status report names the file by it
  "message_id" TEXT NOT NULL,
  "status" TEXT NOT NULL CHECK ("status" IN ('BUILT', 'SENT')),
  "execution_date" TEXT NOT NULL CHECK ("execution_date" ~ '^\d{4}-\d{2}-\d{2}$'),
  "entry_count" INTEGER NOT NULL CHECK ("entry_count" > 0),
  "total_cents" BIGINT NOT NULL CHECK ("total_cents" > 0),
  "digest" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "sent_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "sepa_files_name_key" ON "sepa_files" ("name");
CREATE UNIQUE INDEX "sepa_files_message_id_key" ON "sepa_files" ("message_id");
CREATE INDEX "sepa_files_status_idx" ON "sepa_files" ("status");

CREATE TABLE "sepa_entries" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "file_id" TEXT NOT NULL REFERENCES "sepa_files" ("id"),
  "transaction_id" TEXT NOT NULL,
  "end_to_end_id" TEXT NOT NULL CHECK (length("end_to_end_id") BETWEEN 1 AND 35),
  "payment_information_id" TEXT NOT NULL,
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "external_account_id" TEXT NOT NULL,
  "amount" BIGINT NOT NULL CHECK ("amount" > 0),
  "remittance" TEXT NOT NULL,
  "status" TEXT NOT NULL CHECK ("status" IN ('SUBMITTED', 'SETTLED', 'REJECTED')),
  "reason_code" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE UNIQUE INDEX "sepa_entries_transaction_id_key" ON "sepa_entries" ("transaction_id");
CREATE UNIQUE INDEX "sepa_entries_end_to_end_id_key" ON "sepa_entries" ("end_to_end_id");
CREATE INDEX "sepa_entries_file_id_idx" ON "sepa_entries" ("file_id");

-- The inbound files and the operator queue serve every bank rail.
ALTER TABLE "ach_inbound_files" RENAME TO "bank_inbound_files";
ALTER TABLE "bank_inbound_files" RENAME CONSTRAINT "ach_inbound_files_pkey" TO "bank_inbound_files_pkey";
ALTER TABLE "bank_inbound_files" ADD COLUMN "rail" TEXT NOT NULL DEFAULT 'ACH' CHECK ("rail" IN ('ACH', 'SEPA'));
ALTER TABLE "bank_inbound_files" ALTER COLUMN "rail" DROP DEFAULT;
-- payouts an inbound file settled (SEPA's debit notifications; ACH settles by the calendar)
ALTER TABLE "bank_inbound_files" ADD COLUMN "settled" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "bank_inbound_files" ALTER COLUMN "settled" DROP DEFAULT;
DROP INDEX "ach_inbound_files_name_digest_key";
-- the claim that makes a file's processing happen once, per rail (each rail its own folder)
CREATE UNIQUE INDEX "bank_inbound_files_rail_name_digest_key" ON "bank_inbound_files" ("rail", "name", "digest");

ALTER TABLE "ach_operator_items" RENAME TO "bank_operator_items";
ALTER TABLE "bank_operator_items" RENAME CONSTRAINT "ach_operator_items_pkey" TO "bank_operator_items_pkey";
ALTER TABLE "bank_operator_items" RENAME CONSTRAINT "ach_operator_items_inbound_file_id_fkey" TO "bank_operator_items_inbound_file_id_fkey";
ALTER INDEX "ach_operator_items_status_created_at_idx" RENAME TO "bank_operator_items_status_created_at_idx";
ALTER TABLE "bank_operator_items" ADD COLUMN "rail" TEXT NOT NULL DEFAULT 'ACH' CHECK ("rail" IN ('ACH', 'SEPA'));
ALTER TABLE "bank_operator_items" ALTER COLUMN "rail" DROP DEFAULT;
-- what names the item at the bank: an ACH trace number, a SEPA end-to-end or message id
ALTER TABLE "bank_operator_items" RENAME COLUMN "trace_number" TO "reference";
ALTER TABLE "bank_operator_items" DROP CONSTRAINT "ach_operator_items_kind_check";
ALTER TABLE "bank_operator_items" ADD CONSTRAINT "bank_operator_items_kind_check" CHECK ("kind" IN (
  'UNMATCHED_RETURN', 'NOTIFICATION_OF_CHANGE', 'UNMATCHED_NOTIFICATION', 'UNREADABLE',
  'UNMATCHED_REJECTION', 'UNMATCHED_DEBIT', 'BOOKED_CREDIT'));
