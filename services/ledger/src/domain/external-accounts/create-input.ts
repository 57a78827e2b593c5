import { invalidInput, type FieldError } from '@pp/errors'
import { isId } from '@pp/ids'
import { accountInfoErrors } from './account-info-errors.js'
import { isAccountType, rulesOf, type AccountType } from './account-types.js'
import { isPresent, missing, valueError } from './field-errors.js'
import type { FieldRule } from './field-rules.js'
import { OWNERSHIP_TYPES, type AccountInfoInput, type AccountOwner, type OwnershipType } from './types.js'

export interface CreateExternalAccountInput {
  /** "CUSTOMER" (the /customers routes, customerId required) or "PLATFORM" (no customerId). */
  ownerKind: string
  customerId?: string
  currency: string
  platformAccountId?: string
  ownershipType?: string
  defaultUmaDepositAccount: boolean
  accountInfo?: AccountInfoInput
}

/** A create request that passed every check. */
export interface ValidCreateInput {
  owner: AccountOwner
  currency: string
  platformAccountId?: string
  ownershipType?: OwnershipType
  defaultUmaDepositAccount: boolean
  accountInfo: AccountInfoInput & { accountType: AccountType }
}

const FIAT_CODE: FieldRule = { pattern: /^[A-Z]{3}$/ }
const ASSET_CODE: FieldRule = { pattern: /^[A-Z0-9]{2,10}$/ }

/** A per-currency account holds its own currency; a SWIFT account any fiat one; a wallet any asset. */
function currencyRule(info: AccountInfoInput | undefined): FieldRule {
  if (!info || !isAccountType(info.accountType)) return ASSET_CODE
  const rules = rulesOf(info.accountType)
  if (rules.currency) return { enum: [rules.currency] }
  return rules.kind === 'BANK' ? FIAT_CODE : ASSET_CODE
}

function ownerErrors(input: CreateExternalAccountInput): FieldError[] {
  const customerId = input.customerId
  if (input.ownerKind === 'PLATFORM') {
    return isPresent(customerId) ? [{ field: 'customerId', message: "is not accepted for the platform's own accounts" }] : []
  }
  if (!isPresent(customerId)) return [missing('customerId')]
  if (isId('Customer', customerId)) return []
  return [{ field: 'customerId', message: 'must be a Customer identifier', constraint: { pattern: '^Customer:[0-9a-f-]{36}$' } }]
}

function optionalErrors(input: CreateExternalAccountInput, info: AccountInfoInput): FieldError[] {
  const checks: Array<[string, string | undefined, FieldRule]> = [
    ['platformAccountId', input.platformAccountId, { minLength: 1, maxLength: 255 }],
    ['ownershipType', input.ownershipType, { enum: OWNERSHIP_TYPES }],
  ]
  return checks.flatMap(([field, value, rule]) => {
    const error = isPresent(value) ? valueError(field, value, rule, info) : undefined
    return error ? [error] : []
  })
}

/** Checks a create request as a whole; throws 400 INVALID_INPUT listing every invalid field. */
export function checkCreateInput(input: CreateExternalAccountInput): ValidCreateInput {
  if (input.ownerKind !== 'CUSTOMER' && input.ownerKind !== 'PLATFORM') {
    throw invalidInput([{ field: 'ownerKind', message: 'must be CUSTOMER or PLATFORM' }])
  }
  const info = input.accountInfo
  const currencyError = isPresent(input.currency)
    ? valueError('currency', input.currency, currencyRule(info), info ?? { accountType: '' })
    : missing('currency')
  const errors = [
    ...ownerErrors(input),
    ...(currencyError ? [currencyError] : []),
    ...optionalErrors(input, info ?? { accountType: '' }),
    ...(info ? accountInfoErrors(info) : [missing('accountInfo')]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  return {
    owner: input.ownerKind === 'PLATFORM' ? { kind: 'PLATFORM' } : { kind: 'CUSTOMER', customerId: input.customerId! },
    currency: input.currency,
    platformAccountId: isPresent(input.platformAccountId) ? input.platformAccountId : undefined,
    ownershipType: isPresent(input.ownershipType) ? (input.ownershipType as OwnershipType) : undefined,
    defaultUmaDepositAccount: input.defaultUmaDepositAccount,
    accountInfo: info as ValidCreateInput['accountInfo'],
  }
}
