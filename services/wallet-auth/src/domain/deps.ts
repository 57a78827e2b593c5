import type { CodeMac } from '@pp/secrets'
import type { Db } from '../db/client.js'
import type { OidcVerifier } from './oauth/oidc-token.js'
import type { OtpSender } from './otp/otp-sender.js'
import type { WalletSealing } from './secrets/wallet-sealing.js'
import type { CustomerContact, Origin, Tenant, Wallet } from './types.js'

/** Finds the embedded wallet behind an internal account id (ACCOUNT_NOT_FOUND / WALLET_NOT_PROVISIONED). */
export interface WalletDirectory {
  /** `origin` carries the request id on to the ledger. */
  requireWallet(origin: Origin, accountId: string): Promise<Wallet>
}

export interface CustomerContacts {
  contactOf(origin: Origin, customerId: string): Promise<CustomerContact>
}

/** Finds the active funding-source binding of a card and an embedded wallet (owned by the cards area). */
export interface CardFundingSources {
  /** The funding source id, or undefined when the card is not funded by that wallet. */
  fundingSourceOf(tenant: Tenant, cardId: string, accountId: string): Promise<string | undefined>
}

export interface Lifetimes {
  sessionMs: number
  otpChallengeMs: number
  passkeyChallengeMs: number
  signedRequestMs: number
}

/** How OTP codes are kept and how far one credential may be tried. */
export interface OtpSettings {
  /** HMAC of each code, keyed from WALLET_SECRET_KEY (the keys it replaced still match): a copy of the rows does not give the codes away. */
  codes: CodeMac
  /** Verification attempts one challenge takes (OTP_ATTEMPTS_MAX). */
  attemptsMax: number
  /** Challenges, each a code sent, one credential may be issued in any hour (OTP_CHALLENGES_PER_HOUR). */
  challengesPerHour: number
}

export interface WebAuthnSettings {
  rpId: string
  origins: string[]
}

export interface WalletAuthDeps {
  db: Db
  now: () => Date
  /** Seals secrets at rest (WALLET_SECRET_KEY and the keys it replaced). */
  sealing: WalletSealing
  /** Signs the bundles clients verify (OTP target, export). */
  bundleSigningKey: string
  wallets: WalletDirectory
  contacts: CustomerContacts
  /** Production OTP delivery; undefined when no provider is configured. */
  otpSender: OtpSender | undefined
  oidc: OidcVerifier
  webauthn: WebAuthnSettings
  /** Card funding-source bindings (the cards service); undefined leaves delegated keys unavailable (501). */
  cardFundingSources: CardFundingSources | undefined
  lifetimes: Lifetimes
  otp: OtpSettings
}
