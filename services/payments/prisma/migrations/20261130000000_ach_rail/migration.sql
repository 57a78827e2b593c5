-- The US ACH rail (issue 27): NACHA files built for the bank, their entries, the inbound files
-- processed and the items kept for an operator. No account number is stored here in the clear:
-- the ledger keeps them sealed and a file is built from its answers.
ALTER TABLE "transactions" ADD COLUMN "failure_details" JSONB;

CREATE TABLE "ach_files" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL,
  "status" TEXT NOT NULL CHECK ("status" IN ('BUILT', 'SENT')),
  "file_id_modifier" TEXT NOT NULL,
  "effective_date" TEXT NOT NULL,
  "entry_count" INTEGER NOT NULL CHECK ("entry_count" > 0),
  "total_credit" BIGINT NOT NULL CHECK ("total_credit" > 0),
  "digest" TEXT NOT NULL,
  "offset_trace_numbers" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "sent_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "ach_files_name_key" ON "ach_files" ("name");
CREATE INDEX "ach_files_status_idx" ON "ach_files" ("status");

CREATE TABLE "ach_entries" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "file_id" TEXT NOT NULL REFERENCES "ach_files" ("id"),
  "transaction_id" TEXT NOT NULL,
  "trace_number" TEXT NOT NULL CHECK ("trace_number" ~ '^[0-9]{15}$'),
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "external_account_id" TEXT NOT NULL,
  "amount" BIGINT NOT NULL CHECK ("amount" > 0),
  "receiver_reference" TEXT NOT NULL,
  "sec_code" TEXT NOT NULL CHECK ("sec_code" IN ('PPD', 'CCD')),
  "status" TEXT NOT NULL CHECK ("status" IN ('SUBMITTED', 'SETTLED', 'RETURNED')),
  "settles_at" TIMESTAMPTZ(3) NOT NULL,
  "return_code" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);
-- a payout is in one file at most, and a trace number names one entry
CREATE UNIQUE INDEX "ach_entries_transaction_id_key" ON "ach_entries" ("transaction_id");
CREATE UNIQUE INDEX "ach_entries_trace_number_key" ON "ach_entries" ("trace_number");
CREATE INDEX "ach_entries_file_id_idx" ON "ach_entries" ("file_id");
CREATE INDEX "ach_entries_status_settles_at_idx" ON "ach_entries" ("status", "settles_at");

-- The trace sequence of the entries (7 digits after the ODFI identification).
CREATE SEQUENCE "ach_trace_seq" MINVALUE 1 MAXVALUE 9999999 CYCLE;

CREATE TABLE "ach_inbound_files" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL,
  "digest" TEXT NOT NULL,
  "returns" INTEGER NOT NULL,
  "notifications" INTEGER NOT NULL,
  "unmatched" INTEGER NOT NULL,
  "processed_at" TIMESTAMPTZ(3) NOT NULL
);
-- the claim that makes a file's processing happen once
CREATE UNIQUE INDEX "ach_inbound_files_name_digest_key" ON "ach_inbound_files" ("name", "digest");

CREATE TABLE "ach_operator_items" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('UNMATCHED_RETURN', 'NOTIFICATION_OF_CHANGE', 'UNMATCHED_NOTIFICATION', 'UNREADABLE')),
  "inbound_file_id" TEXT NOT NULL REFERENCES "ach_inbound_files" ("id"),
  "transaction_id" TEXT,
  "code" TEXT,
  "trace_number" TEXT,
  "amount" BIGINT,
  "problem" TEXT NOT NULL,
  "records" TEXT NOT NULL,
  "status" TEXT NOT NULL CHECK ("status" IN ('OPEN', 'RESOLVED')),
  "resolution" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "resolved_at" TIMESTAMPTZ(3),
  CHECK (("status" = 'RESOLVED') = ("resolved_at" IS NOT NULL))
);
CREATE INDEX "ach_operator_items_status_created_at_idx" ON "ach_operator_items" ("status", "created_at");

-- The settlement run wakes when entries are sent (their settlement time is then known).
CREATE TRIGGER "ach_entries_notify" AFTER INSERT ON "ach_entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('ach_settlement');
