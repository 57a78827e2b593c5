-- Whether the platform's webhooks include the types this service adds beyond the reference (off by default)
ALTER TABLE "platform_configs" ADD COLUMN "extended_webhook_types" BOOLEAN NOT NULL DEFAULT false;
