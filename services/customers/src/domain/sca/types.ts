import type { SecretBox, SecretHasher } from '@pp/secrets'

export const SCA_FACTORS = ['SMS_OTP', 'TOTP', 'PASSKEY'] as const
export type ScaFactorName = (typeof SCA_FACTORS)[number]

/** The factors a customer enrols explicitly; SMS_OTP comes with a verified phone. */
export type EnrolledFactorName = Exclude<ScaFactorName, 'SMS_OTP'>

/** What a challenge lets the customer do once proven. */
export type ChallengePurpose = 'LOGIN' | 'PASSKEY_ENROLMENT' | 'TRANSACTION'

export interface WebAuthnSettings {
  rpId: string
  origins: string[]
}

/** Keys, lifetimes and limits of strong customer authentication; tests shorten them. */
export interface ScaSettings {
  /** Seals TOTP seeds at rest (SCA_SECRET_KEY). */
  box: SecretBox
  /** Keeps recovery codes as salted scrypt hashes (SCA_RECOVERY_CODE_SCRYPT_LOG_N). */
  recoveryCodes: SecretHasher
  webauthn: WebAuthnSettings
  sessionTtlMs: number
  challengeTtlMs: number
  resendIntervalMs: number
  resetTtlMs: number
}

export interface ScaFactorRecord {
  id: string
  customerId: string
  factor: EnrolledFactorName
  status: 'PENDING' | 'ACTIVE'
  totpSecretSealed?: Uint8Array
  /** A TOTP factor's unspent recovery codes, as stored. */
  recoveryCodeHashes: string[]
  passkeyCredentialId?: string
  passkeyPublicKey?: Uint8Array
  passkeyCounter?: bigint
  createdAt: Date
  confirmedAt?: Date
}

export interface ScaChallengeRecord {
  id: string
  customerId: string
  purpose: ChallengePurpose
  factor: ScaFactorName
  reference?: string
  codeHash?: string
  webauthnChallenge?: string
  failedAttempts: number
  lastSentAt?: Date
  expiresAt: Date
  usedAt?: Date
  createdAt: Date
}

export interface LoginState {
  failedAttempts: number
  lockedUntil?: Date
  suspended: boolean
  sessionExpiresAt?: Date
}

/** The reference's ScaFactorView. */
export interface ScaFactorView {
  factor: ScaFactorName
  credentialId?: string
  name?: string
}

/** The reference's ScaChallenge. */
export interface ScaChallengeView {
  id: string
  expiresAt: string
  factor: ScaFactorName
  availableFactors: ScaFactorName[]
  /** Informational: what this challenge authorizes (TRANSFER, BENEFICIARY). */
  purpose?: string
  passkeyAssertionOptions?: object
}

/** One proof of a factor: a code, or a WebAuthn assertion with its origin. */
export interface ScaProofInput {
  code?: string
  passkeyAssertionJson?: string
  origin?: string
  endUserIpAddress?: string
}

/** A reset of a strong-authentication factor, as stored. */
export interface FactorResetRow {
  id: string
  customerId: string
  platformId: string
  environment: string
  factor: string
  status: string
  expiresAt: Date
  completedAt: Date | null
  createdAt: Date
}
