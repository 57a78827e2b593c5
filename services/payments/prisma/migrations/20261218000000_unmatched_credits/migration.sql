-- A credit received for the deployment that names no account the ledger can credit (an unknown
-- virtual account number or creditor reference, another currency, a closed account) is kept for
-- an operator like the other unmatched items.
ALTER TABLE "bank_operator_items" DROP CONSTRAINT "bank_operator_items_kind_check";
ALTER TABLE "bank_operator_items" ADD CONSTRAINT "bank_operator_items_kind_check" CHECK ("kind" IN (
  'UNMATCHED_RETURN', 'NOTIFICATION_OF_CHANGE', 'UNMATCHED_NOTIFICATION', 'UNREADABLE',
  'UNMATCHED_REJECTION', 'UNMATCHED_DEBIT', 'BOOKED_CREDIT', 'UNMATCHED_CREDIT'));
