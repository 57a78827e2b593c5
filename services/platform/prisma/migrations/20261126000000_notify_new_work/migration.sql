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
