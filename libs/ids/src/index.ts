import { v7 as uuidv7, validate, version } from 'uuid'
import { ApiError } from '@pp/errors'

/** Resource types named in the spec, and the service's own (API tokens, events). */
export type IdType =
  | 'Customer' | 'InternalAccount' | 'ExternalAccount' | 'Transaction' | 'Quote' | 'AuthMethod'
  | 'Request' | 'Platform' | 'Token' | 'Event' | 'Session' | 'Transfer' | 'Card' | 'Document'
  | 'BeneficialOwner' | 'Verification' | 'Agent' | 'AgentAction' | 'Invitation' | 'Stablecoin' | 'PlatformConfig' | 'Webhook'
  | 'ScaChallenge' | 'KycLink' | 'Job'
  | 'ScaFactor' | 'ScaReset'
  | 'DelegatedKey'
  | 'CardTransaction' | 'CardFundingSource'
  | 'Lookup'
  | 'StablecoinProviderAccount' | 'StablecoinOperation'
  | 'WebhookReplay'
  | 'OperatorAction'
  | 'AchFile' | 'AchEntry' | 'AchItem' | 'BankInboundFile' | 'SepaFile' | 'SepaEntry' | 'SepaItem'

/** A new identifier `<Type>:<uuid v7>`; v7 sorts by creation time, which keyset pagination uses. */
export const newId = (type: IdType): string => `${type}:${uuidv7()}`

export function isId(type: IdType, value: string): boolean {
  const prefix = `${type}:`
  if (!value.startsWith(prefix)) return false
  const uuid = value.slice(prefix.length)
  return validate(uuid) && version(uuid) === 7
}

/** Throws INVALID_INPUT naming `field` unless `value` is an identifier of `type`. */
export function assertId(type: IdType, value: string, field: string): string {
  if (isId(type, value)) return value
  throw new ApiError('INVALID_INPUT', `${field} must be a ${type} identifier`, {
    errors: [{ field, message: `expected ${type}:<uuid v7>`, constraint: { pattern: `^${type}:[0-9a-f-]{36}$` } }],
  })
}
