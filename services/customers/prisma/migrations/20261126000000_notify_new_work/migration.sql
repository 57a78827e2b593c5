-- Background loops LISTEN instead of polling: each trigger below names the channel of the loop
-- that has new work. pg_notify is transactional, so a loop wakes only once the work is committed.
CREATE FUNCTION "notify_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;

-- The outbox relay: one notification per inserting statement, whatever its row count (the relay
-- reads the table itself).
CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('outbox_events');

-- The bulk import worker: a new job to run.
CREATE TRIGGER "customer_import_jobs_notify" AFTER INSERT ON "customer_import_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('customer_import_jobs');
