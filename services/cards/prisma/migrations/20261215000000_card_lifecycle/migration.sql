-- The type of the account behind each funding-source binding (INTERNAL_FIAT, EMBEDDED_WALLET, ...),
-- as the ledger said when it was bound: an embedded wallet spends only with an ACTIVE delegated key,
-- and decisioning must know which sources need one without asking the ledger. NULL for a binding
-- made before types were kept: the first authorization that meets it asks the ledger and fills it.
ALTER TABLE "card_funding_sources" ADD COLUMN "account_type" TEXT;

-- Jobs due now (an activation, a delayed pull, the releases of a closed card) wake the runner; jobs
-- due later (a message's recovery, an authorization's expiry) only arm its timer, at the earliest
-- one's due time, carried by the notification (epoch milliseconds): an authorization costs no
-- statement of the runner until something falls due.
CREATE OR REPLACE FUNCTION "notify_card_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "due" TIMESTAMPTZ;
BEGIN
  IF EXISTS (SELECT 1 FROM inserted WHERE "kind" NOT IN ('RECOVER_MESSAGE', 'EXPIRE_AUTHORIZATION')) THEN
    PERFORM pg_notify('card_jobs', '');
  END IF;
  SELECT min("run_at") INTO "due" FROM inserted WHERE "kind" IN ('RECOVER_MESSAGE', 'EXPIRE_AUTHORIZATION');
  IF "due" IS NOT NULL THEN
    PERFORM pg_notify('card_recovery', (floor(extract(epoch FROM "due") * 1000))::bigint::text);
  END IF;
  RETURN NULL;
END $$;

-- Authorizations approved before expiry existed expire as new ones do: after the default window of
-- their environment (7 days in production, an hour in the sandbox) from their authorization.
INSERT INTO "card_jobs" ("id", "kind", "card_id", "card_transaction_id", "run_at", "created_at")
SELECT 'expire:' || "id", 'EXPIRE_AUTHORIZATION', "card_id", "id",
       "authorized_at" + CASE "environment" WHEN 'PRODUCTION' THEN interval '7 days' ELSE interval '1 hour' END, now()
  FROM "card_transactions" WHERE "status" = 'AUTHORIZED'
ON CONFLICT ("id") DO NOTHING;
