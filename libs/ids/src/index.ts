import { createHash } from 'node:crypto'
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
  | 'OperatorRate'

/** A new identifier `<Type>:<uuid v7>`; v7 sorts by creation time, which keyset pagination uses. */
export const newId = (type: IdType): string => `${type}:${uuidv7()}`

/**
 * The identifier of `type` that `key` names, time-ordered at `atMs`: a uuid v7 whose timestamp is
 * `atMs` and whose other bits come from a hash of the key, so whoever derives it again (a retry, a
 * file read twice) gets the same identifier, and it sorts among the others by its time.
 */
export function idFromKey(type: IdType, atMs: number, key: string): string {
  const bytes = createHash('sha256').update(`${type}/${key}`).digest().subarray(0, 16)
  bytes.writeUIntBE(atMs, 0, 6)
  bytes[6] = 0x70 | (bytes[6]! & 0x0f)
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = bytes.toString('hex')
  return `${type}:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

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
