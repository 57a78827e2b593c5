import type { FieldError } from '@pp/errors'
import {
  BENEFICIARY_FIELD_SHAPES, BENEFICIARY_FIELDS, BUSINESS_BENEFICIARY, type BeneficiaryKindShape, type BeneficiaryShape,
} from '@pp/contracts/external-account-fields'
import { ADDRESS_FIELD_RULES, REQUIRED_ADDRESS_FIELDS } from './address-rules.js'
import { isPresent, missing, notAllowed, valueError } from './field-errors.js'
import { ADDRESS_FIELDS, type AccountInfoInput, type AddressInput, type BeneficiaryInput } from './types.js'

const PATH = 'accountInfo.beneficiary'

function addressErrors(address: AddressInput, info: AccountInfoInput): FieldError[] {
  const path = `${PATH}.address`
  return ADDRESS_FIELDS.flatMap((field) => {
    const value = address[field]
    if (!isPresent(value)) return (REQUIRED_ADDRESS_FIELDS as readonly string[]).includes(field) ? [missing(`${path}.${field}`)] : []
    const error = valueError(`${path}.${field}`, value, ADDRESS_FIELD_RULES[field], info)
    return error ? [error] : []
  })
}

function kindErrors(beneficiary: BeneficiaryInput, kind: BeneficiaryKindShape, info: AccountInfoInput): FieldError[] {
  const known = new Set<string>(['beneficiaryType', ...kind.required, ...kind.allowed])
  const type = beneficiary.beneficiaryType!
  const errors = BENEFICIARY_FIELDS.flatMap((field): FieldError[] => {
    const value = beneficiary[field]
    if (!isPresent(value)) return kind.required.includes(field) ? [missing(`${PATH}.${field}`)] : []
    if (!known.has(field)) return [notAllowed(`${PATH}.${field}`, `a ${type} beneficiary of ${info.accountType}`)]
    const error = valueError(`${PATH}.${field}`, value, BENEFICIARY_FIELD_SHAPES[field], info)
    return error ? [error] : []
  })
  const hasAddress = beneficiary.address !== undefined
  if (hasAddress && kind.address === 'NONE') return [...errors, notAllowed(`${PATH}.address`, `a ${type} beneficiary of ${info.accountType}`)]
  if (!hasAddress) return kind.address === 'REQUIRED' ? [...errors, missing(`${PATH}.address`)] : errors
  return [...errors, ...addressErrors(beneficiary.address!, info)]
}

/** The errors of `accountInfo.beneficiary` under the account type's beneficiary rules. */
export function beneficiaryErrors(info: AccountInfoInput, rules: BeneficiaryShape | undefined): FieldError[] {
  const beneficiary = info.beneficiary
  if (!rules) return beneficiary ? [notAllowed(PATH, info.accountType)] : []
  if (!beneficiary) return rules.isRequired ? [missing(PATH)] : []
  const type = beneficiary.beneficiaryType
  if (!isPresent(type)) return [missing(`${PATH}.beneficiaryType`)]
  const typeError = valueError(`${PATH}.beneficiaryType`, type, BENEFICIARY_FIELD_SHAPES.beneficiaryType, info)
  if (typeError) return [typeError]
  return kindErrors(beneficiary, type === 'BUSINESS' ? BUSINESS_BENEFICIARY : rules.individual, info)
}
