-- The W3C trace context of the event a delivery announces, so its attempts join that trace.
ALTER TABLE "webhook_deliveries" ADD COLUMN "trace_parent" TEXT;
