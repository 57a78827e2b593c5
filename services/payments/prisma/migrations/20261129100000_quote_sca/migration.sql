-- A quote of a customer in an SCA region waits in PENDING_AUTHORIZATION for a strong
-- authentication (the customers service owns it); this is the challenge the quote shows meanwhile.
ALTER TABLE "quotes" ADD COLUMN "sca_challenge" JSONB;

-- An EMBEDDED_WALLET-sourced quote carries the payloadToSign of a signed request issued with it
-- (wallet-auth holds the request); this names that request, for the one-call signed execute.
ALTER TABLE "quotes" ADD COLUMN "signing_request_id" TEXT;
