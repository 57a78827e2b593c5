-- A change of a customer's contacts looks up the wallets whose OTP credentials sign in with them.
CREATE INDEX "auth_methods_tenant_customer_idx" ON "auth_methods" ("platform_id", "environment", "customer_id");
