import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeSenderOf } from '@pp/outbound-messages'
import { consumeCustomerDeletions } from '@pp/events'
import { runService } from '@pp/service'
import { tenantOf } from '@pp/tenancy'
import { cardsFundingSources } from './clients/cards.js'
import { customersContacts } from './clients/customers.js'
import { ledgerWalletDirectory } from './clients/ledger.js'
import { loadWalletAuthConfig } from './config.js'
import { codeMac } from '@pp/secrets'
import { open, openDb } from './db/client.js'
import { retireDeletedCustomer } from './domain/credentials/retire-customer.js'
import type { WalletAuthDeps } from './domain/deps.js'
import { oidcVerifier } from './domain/oauth/oidc-token.js'
import { resealStoredSecrets } from './domain/secrets/reseal-stored-secrets.js'
import { walletSealing } from './domain/secrets/wallet-sealing.js'
import { messageOtpSender } from './providers/otp/message-otp-sender.js'
import { startWalletAuthServer } from './rpc/server.js'

const config = loadWalletAuthConfig()

runService({
  name: 'wallet-auth',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  async start({ logger, nats, verifier, dependencies }) {
    const db = openDb(config.DATABASE_URL)
    const sealing = walletSealing(config.WALLET_SECRET_KEY, config.WALLET_SECRET_PREVIOUS_KEYS)
    const resealed = await resealStoredSecrets(db, sealing)
    if (resealed > 0) logger.info({ resealed, keyId: sealing.keyring.currentKeyId }, 'wallet secrets sealed again under the current key')
    const wallets = ledgerWalletDirectory(config.LEDGER_GRPC_ADDRESS)
    const contacts = customersContacts(config.CUSTOMERS_GRPC_ADDRESS)
    const cards = cardsFundingSources(config.CARDS_GRPC_ADDRESS)
    const codeSender = codeSenderOf(config, (path) => readFileSync(path, 'utf8'), logger)
    const deps: WalletAuthDeps = {
      db,
      now: () => new Date(),
      sealing,
      bundleSigningKey: config.BUNDLE_SIGNING_KEY,
      wallets,
      contacts,
      // without SMTP_* or SMS_* settings, production OTP challenges fail clearly (501)
      otpSender: codeSender && messageOtpSender(codeSender, config.OTP_CHALLENGE_TTL_MS),
      oidc: oidcVerifier(config.OIDC_ISSUERS),
      cardFundingSources: cards,
      webauthn: { rpId: config.WEBAUTHN_RP_ID, origins: config.WEBAUTHN_ORIGINS },
      lifetimes: {
        sessionMs: config.SESSION_TTL_MS,
        otpChallengeMs: config.OTP_CHALLENGE_TTL_MS,
        passkeyChallengeMs: config.PASSKEY_CHALLENGE_TTL_MS,
        signedRequestMs: config.SIGNED_REQUEST_TTL_MS,
      },
      otp: {
        codes: codeMac(config.WALLET_SECRET_KEY, 'wallet-auth/otp', config.WALLET_SECRET_PREVIOUS_KEYS),
        attemptsMax: config.OTP_ATTEMPTS_MAX,
        challengesPerHour: config.OTP_CHALLENGES_PER_HOUR,
      },
    }
    // a deleted customer's credentials, sessions and delegated keys go with it
    const deletions = nats.whenServing('customer deletions consumer', (connection) =>
      consumeCustomerDeletions({
        nats: connection,
        durableName: `${config.EVENTS_CONSUMER_PREFIX}-wallet-auth-customer-deletions`,
        logger,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
        retire: (deleted) => retireDeletedCustomer(deps, tenantOf(deleted), deleted.customerId),
      }),
    )
    const server = await startWalletAuthServer(config.GRPC_ADDRESS, deps, logger, dependencies)
    return [() => server.shutdown(), () => deletions.stop(), () => wallets.close(), () => contacts.close(), () => cards.close(), () => codeSender?.close(), () => open(db).$disconnect()]
  },
})
