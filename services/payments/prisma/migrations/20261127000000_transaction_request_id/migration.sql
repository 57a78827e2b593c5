-- The request that created a transaction, carried on the calls its processing makes (tracing).
ALTER TABLE "transactions" ADD COLUMN "request_id" TEXT;
