import type { Tenant } from '@pp/tenancy'

export type { Caller, Environment, Origin, Tenant } from '@pp/tenancy'
export { tenantOf } from '@pp/tenancy'

export const CREDENTIAL_TYPES = ['EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH'] as const
export type CredentialType = (typeof CREDENTIAL_TYPES)[number]

export const isCredentialType = (value: string): value is CredentialType =>
  (CREDENTIAL_TYPES as readonly string[]).includes(value)

export const isSandbox = (tenant: Tenant): boolean => tenant.environment === 'SANDBOX'

/** An embedded wallet as this service needs it: the internal account and its customer. */
export interface Wallet {
  accountId: string
  customerId: string
}

/** Where the OTP codes of a customer go. */
export interface CustomerContact {
  email?: string
  phoneNumber?: string
}

