import { ApiError, invalidInput } from '@pp/errors'
import { contactProofs } from '../../db/contact-verifications.db.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { activeFactors } from '../../db/sca.db.js'
import { contactVerificationOf } from '../contact-verification/status.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller } from '../types.js'
import { scaCustomer } from './sca-customer.js'
import { SCA_FACTORS, type ScaFactorName, type ScaFactorRecord, type ScaFactorView } from './types.js'

/** What a customer can prove: SMS_OTP with a verified phone, plus the factors it enrolled. */
export interface CustomerFactors {
  phone?: string
  totp?: ScaFactorRecord
  passkey?: ScaFactorRecord
}

export async function customerFactors(deps: CustomersDeps, customer: CustomerRecord): Promise<CustomerFactors> {
  const [proofs, enrolled] = await Promise.all([contactProofs(deps.db, [customer.id]), activeFactors(deps.db, customer.id)])
  const phoneVerified = contactVerificationOf(customer, proofs.get(customer.id) ?? [])?.phone === 'VERIFIED'
  return {
    phone: phoneVerified ? customer.profile.phoneNumber : undefined,
    totp: enrolled.find((f) => f.factor === 'TOTP'),
    passkey: enrolled.find((f) => f.factor === 'PASSKEY'),
  }
}

export const availableFactors = (factors: CustomerFactors): ScaFactorName[] => [
  ...(factors.phone ? (['SMS_OTP'] as const) : []),
  ...(factors.totp ? (['TOTP'] as const) : []),
  ...(factors.passkey ? (['PASSKEY'] as const) : []),
]

export function assertFactorName(value: string, field = 'factor'): ScaFactorName {
  if ((SCA_FACTORS as readonly string[]).includes(value)) return value as ScaFactorName
  throw invalidInput([{ field, message: 'SMS_OTP, TOTP or PASSKEY', constraint: { enum: [...SCA_FACTORS] } }])
}

/** 400 when the customer cannot use the factor: SMS_OTP needs a verified phone, the others an enrolment. */
export function assertAvailable(factors: CustomerFactors, factor: ScaFactorName): void {
  if (availableFactors(factors).includes(factor)) return
  const why = factor === 'SMS_OTP' ? 'the customer has no verified phone (verify-phone)' : `the customer has no ${factor} factor enrolled`
  throw invalidInput([{ field: 'factor', message: why }])
}

export async function listScaFactors(deps: CustomersDeps, caller: Caller, customerId: string): Promise<{ factors: ScaFactorView[] }> {
  const factors = await customerFactors(deps, await scaCustomer(deps, caller, customerId))
  return {
    factors: availableFactors(factors).map((factor) =>
      factor === 'PASSKEY' ? { factor, credentialId: factors.passkey!.passkeyCredentialId } : { factor },
    ),
  }
}

export const factorNotFound = (credentialId: string) => new ApiError('NOT_FOUND', `No enrolled factor has credential id ${credentialId}`)
