-- The platform's request that caused a delivery's event, shown in the delivery log (tracing).
ALTER TABLE "webhook_deliveries" ADD COLUMN "request_id" TEXT;
