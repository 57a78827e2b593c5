-- A SEPA credit transfer returned after it settled (the bank books the return as a credit quoting
-- its end-to-end id and a return reason) is refunded with ledger entries of its own: its entry
-- says so, and a second booking of the same return changes nothing.
ALTER TABLE "sepa_entries" DROP CONSTRAINT "sepa_entries_status_check";
ALTER TABLE "sepa_entries" ADD CONSTRAINT "sepa_entries_status_check" CHECK ("status" IN ('SUBMITTED', 'SETTLED', 'REJECTED', 'RETURNED'));
