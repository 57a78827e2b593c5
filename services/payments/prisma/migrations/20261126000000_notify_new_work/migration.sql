-- Background loops LISTEN instead of polling: each trigger below names the channel of the loop
-- that has new work. pg_notify is transactional, so a loop wakes only once the work is committed.
-- A statement-level trigger passes its inserted rows as "inserted": a statement that inserted none
-- (a conditional INSERT inside a larger statement) wakes nobody.
CREATE FUNCTION "notify_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    IF NOT EXISTS (SELECT 1 FROM inserted) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;

-- The outbox relay: one notification per statement that inserts events, however many (the relay
-- reads the table itself).
CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('outbox_events');

-- The job runner: a new job may fall due before the one it waits for.
CREATE TRIGGER "payment_jobs_notify" AFTER INSERT ON "payment_jobs"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('payment_jobs');

-- The claim of due jobs and the runner's "when is the next one due" read only pending jobs; the
-- index on run_at alone also walks every job ever done.
CREATE INDEX "payment_jobs_pending_idx" ON "payment_jobs" ("run_at") WHERE "done_at" IS NULL;

-- The recovery run: a transaction that now owes a ledger step is re-driven if it still owes it
-- RECOVERY_AFTER_MS later (its driver crashed, or the ledger was down).
CREATE TRIGGER "transactions_notify_recovery" AFTER INSERT OR UPDATE OF "stage" ON "transactions"
  FOR EACH ROW WHEN (NEW."stage" IN ('HOLD', 'POST', 'VOID', 'REFUND'))
  EXECUTE FUNCTION "notify_channel"('payment_recovery');
