import type { SqlRunner } from '@pp/db'
import type { CodeMac, SealingKeyring } from '@pp/secrets'
import type { Db } from '../db/client.js'
import type { AgreementCatalogue } from './consents/agreements.js'
import type { WalletContacts } from './customers/contact-change.js'
import type { PlatformConfigSource, PlatformSettings } from './platform-settings.js'
import type { ScaSettings } from './sca/types.js'
import type { CustomerType, Environment, VerificationStatus } from './types.js'
import type { ContactChannel } from './verification/contact-channels.js'
import type { DocumentRejection } from './verification/document-review.js'

/** Lifetimes and limits of the verification flows; tests shorten them. */
export interface VerificationSettings {
  kycLinkTtlMs: number
  contactCodeTtlMs: number
  /** Wrong codes a contact channel allows in an hour, across resends. */
  contactCodeAttemptsMax: number
  /** Codes a contact channel is sent in an hour, and the least time between two. */
  contactCodesPerHour: number
  contactCodeResendIntervalMs: number
}

/** What the use cases need; main.ts wires the real ones, tests may swap the platform source. */
export interface CustomersDeps {
  db: Db
  /** The hot reads' prepared statements; Prisma keeps the writes and the cold reads. */
  sql: SqlRunner
  platformConfig: PlatformConfigSource
  /** The embedded wallets' OTP credentials, which follow the customer's contacts. */
  walletContacts: WalletContacts
  verification: VerificationProviders
  /** Who decides the verifications sent to review (KYC_DECISIONS). */
  kycDecisions: KycDecisions
  agreements: AgreementCatalogue
  settings: VerificationSettings
  sca: ScaSettings
  /** HMAC of the short codes kept (contact and SMS codes), keyed from SCA_SECRET_KEY. */
  codes: CodeMac
  /** Seals national identification numbers at rest (PERSONAL_DATA_KEY), each bound to its row. */
  personalData: SealingKeyring
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
}

export interface NewCustomerFacts {
  customerType: CustomerType
  fullName?: string
}

/** What the provider looks at when a packet is submitted. */
export interface VerificationSubject {
  customerType: CustomerType
  fullName?: string
  /** A business's registration number (sandbox rule 4 reads its suffix). */
  registrationNumber?: string
}

/** What a submission resolves to once the packet is complete (or not needed). */
export type ProviderDecision = 'APPROVED' | 'REJECTED' | 'PENDING_MANUAL_REVIEW'

/**
 * Decides customer verification outcomes. The sandbox rules of the spec live in the sandbox
 * provider; production sends complete packets to the review queue (domain/reviews/) and answers
 * what it lacks with a clear error until a real provider is configured.
 */
export interface VerificationProvider {
  name: string
  /** The kycStatus (individual) or kybStatus (business) a customer starts with. */
  statusAtCreation(customer: NewCustomerFacts, platform: PlatformSettings): VerificationStatus
  /** Whether a submission must carry a complete packet before the provider decides. */
  requiresPacket(subject: VerificationSubject, platform: PlatformSettings): boolean
  decide(subject: VerificationSubject): ProviderDecision
  /**
   * Whether a PENDING_MANUAL_REVIEW decision enters the review queue, to be decided by an operator
   * or the KYC vendor (production), or stays as it is (the sandbox's simulation of a review).
   */
  queuesManualReview: boolean
  /** The contact channels that must be VERIFIED before a hosted link is issued. */
  contactChannels(region: string | undefined): ContactChannel[]
  /** Why the provider refuses an uploaded file, or undefined when it takes it. */
  reviewDocument(fileName: string): DocumentRejection | undefined
  /** Sends a one-time code to an email address or phone number and returns it (to be kept hashed). */
  sendContactCode(channel: ContactChannel, to: string, purpose: ContactCodePurpose): Promise<string>
}

/** What a contact code is for and how long it can be used: the message says both. */
export interface ContactCodePurpose {
  kind: 'CONTACT_VERIFICATION' | 'SCA_CHALLENGE'
  validForMs: number
}

export type VerificationProviders = Record<Environment, VerificationProvider>

/** A delivery of a KYC vendor's webhook as the gateway received it: headers (lower-case names) and the raw body. */
export interface VendorDelivery {
  headers: Record<string, string>
  body: Uint8Array
}

/** A vendor's decision on one verification of the review queue, read from a delivery proved authentic. */
export interface VendorDecision {
  /** The vendor's id of the event: a redelivery carries the same one. */
  eventId: string
  verificationId: string
  /** APPROVED or REJECTED (checked as an operator's decision is). */
  decision: string
  reason?: string
}

/**
 * A hosted KYC vendor that decides the review queue instead of operators. An adapter per vendor
 * (`providers/kyc-vendor/`) turns its signed webhook into a decision.
 */
export interface KycVendor {
  /** As in the webhook's path, /kyc-vendor/{name}/decisions (KYC_VENDOR_NAME). */
  name: string
  /**
   * The decision a delivery carries, once its signature and timestamp prove it the vendor's and
   * fresh: UNAUTHORIZED for a forged, stale or unsigned one, INVALID_INPUT for one it cannot read.
   */
  readDecision(delivery: VendorDelivery, now: Date): VendorDecision
}

/** Operators decide (`pnpm admin verifications`), or the configured vendor does through its webhook. */
export type KycDecisions = { by: 'operator' } | { by: 'vendor'; vendor: KycVendor }
