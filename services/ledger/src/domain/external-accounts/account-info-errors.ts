import type { FieldError } from '@pp/errors'
import { ACCOUNT_TYPE_NAMES, isAccountType, rulesOf, type AccountTypeRules } from './account-types.js'
import { beneficiaryErrors } from './beneficiary-errors.js'
import { isPresent, missing, notAllowed, valueError } from './field-errors.js'
import { ACCOUNT_FIELDS, type AccountField } from '@pp/contracts/external-account-fields'
import type { AccountInfoInput } from './types.js'

const PATH = 'accountInfo'

const isComplete = (info: AccountInfoInput, fields: AccountField[]): boolean => fields.every((f) => isPresent(info[f]))

/** At least one alternative identifier set must be complete; for Lightning, exactly one. */
function alternativeErrors(info: AccountInfoInput, rules: AccountTypeRules): FieldError[] {
  const alternatives = rules.alternatives ?? []
  if (alternatives.length === 0) return []
  const names = alternatives.map((fields) => fields.join(' + ')).join(', or ')
  const complete = alternatives.filter((fields) => isComplete(info, fields))
  if (complete.length === 0) {
    const field = alternatives[0]!.find((f) => !isPresent(info[f]))!
    return [{ field: `${PATH}.${field}`, message: `${info.accountType} needs ${names}` }]
  }
  if (rules.isExactlyOne && complete.length > 1) {
    return [{ field: `${PATH}.${complete[1]![0]}`, message: `${info.accountType} takes exactly one of ${names}` }]
  }
  return []
}

function fieldErrors(info: AccountInfoInput, rules: AccountTypeRules): FieldError[] {
  return ACCOUNT_FIELDS.flatMap((field): FieldError[] => {
    const value = info[field]
    const rule = rules.fields[field]
    if (!isPresent(value)) return rules.required.includes(field) ? [missing(`${PATH}.${field}`)] : []
    if (!rule) return [notAllowed(`${PATH}.${field}`, info.accountType)]
    const error = valueError(`${PATH}.${field}`, value, rule, info)
    return error ? [error] : []
  })
}

/**
 * Every error of an `accountInfo`: its type, each field's presence, shape and checksum, the
 * identifier alternatives and the beneficiary. Empty when the account information is valid.
 */
export function accountInfoErrors(info: AccountInfoInput): FieldError[] {
  if (!isPresent(info.accountType)) return [missing(`${PATH}.accountType`)]
  if (!isAccountType(info.accountType)) {
    return [{ field: `${PATH}.accountType`, message: 'is not a known account type', constraint: { enum: [...ACCOUNT_TYPE_NAMES] } }]
  }
  const rules = rulesOf(info.accountType)
  return [...fieldErrors(info, rules), ...alternativeErrors(info, rules), ...beneficiaryErrors(info, rules.beneficiary)]
}
