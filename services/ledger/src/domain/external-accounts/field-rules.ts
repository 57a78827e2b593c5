import { isValidAbaRoutingNumber } from './validation/aba-routing.js'
import { isValidBrazilTaxId } from './validation/brazil-tax-id.js'
import { isValidClabe } from './validation/clabe.js'
import { ibanProblem, normalizeIban } from './validation/iban.js'
import { PIX_KEY_TYPES, pixKeyProblem, type PixKeyType } from './validation/pix-key.js'
import type { AccountInfoInput } from './types.js'

/** How one text field is checked: its shape, then (when the shape holds) a checksum or format. */
export interface FieldRule {
  pattern?: RegExp
  minLength?: number
  maxLength?: number
  enum?: readonly string[]
  /** Why the value is invalid beyond its shape, or undefined when it is valid. */
  check?: (value: string, info: AccountInfoInput) => string | undefined
  /** The form compared when looking for an equivalent account (case, spacing). */
  normalize?: (value: string) => string
}

export const text = (maxLength: number): FieldRule => ({ minLength: 1, maxLength })

export const digits = (lengthMin: number, lengthMax = lengthMin): FieldRule => ({
  pattern: new RegExp(`^[0-9]{${lengthMin === lengthMax ? lengthMin : `${lengthMin},${lengthMax}`}}$`),
  minLength: lengthMin,
  maxLength: lengthMax,
})

export const BANK_NAME: FieldRule = { ...text(255), normalize: (value) => value.trim().toLowerCase() }
export const ACCOUNT_NUMBER = text(34)
export const PROVIDER: FieldRule = { ...text(255), normalize: (value) => value.trim().toLowerCase() }
export const BANK_ACCOUNT_TYPE: FieldRule = { enum: ['CHECKING', 'SAVINGS'] }
export const SWIFT_CODE: FieldRule = { pattern: /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, minLength: 8, maxLength: 11 }
export const COUNTRY: FieldRule = { pattern: /^[A-Z]{2}$/, minLength: 2, maxLength: 2 }

/** An international phone number; `countryCode` and `nationalDigits` narrow it to one country. */
export const phone = (countryCode?: string, nationalDigits?: number): FieldRule => ({
  pattern: countryCode ? new RegExp(`^\\+${countryCode}[0-9]{${nationalDigits}}$`) : /^\+[0-9]{6,14}$/,
  minLength: 7,
  maxLength: 15,
})

export const ROUTING_NUMBER: FieldRule = {
  ...digits(9),
  check: (value) => (isValidAbaRoutingNumber(value) ? undefined : 'not a valid ABA routing number (checksum)'),
}

/** An IBAN of the given shape, checked for its country's length and its mod-97 check digits. */
export const iban = (pattern: RegExp, minLength: number, maxLength = minLength): FieldRule => ({
  pattern,
  minLength,
  maxLength,
  check: ibanProblem,
  normalize: normalizeIban,
})
export const ANY_IBAN = iban(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, 15, 34)

export const CLABE: FieldRule = {
  ...digits(18),
  check: (value) => (isValidClabe(value) ? undefined : 'not a valid CLABE (check digit)'),
}

export const BRAZIL_TAX_ID: FieldRule = {
  ...digits(11, 14),
  check: (value) => (isValidBrazilTaxId(value) ? undefined : 'not a valid CPF (11 digits) or CNPJ (14 digits)'),
}

export const PIX_KEY_TYPE: FieldRule = { enum: PIX_KEY_TYPES }

/** The key is checked against its declared kind; an unknown kind is reported on pixKeyType. */
export const PIX_KEY: FieldRule = {
  ...text(77),
  check: (value, info) => {
    const type = info.pixKeyType as PixKeyType | undefined
    return type && PIX_KEY_TYPES.includes(type) ? pixKeyProblem(type, value) : undefined
  },
  normalize: (value) => (value.includes('@') ? value.toLowerCase() : value),
}

/** A wallet address checked by the chain's own format. */
export const walletAddress = (problem: (value: string) => string | undefined, normalize?: (value: string) => string): FieldRule => ({
  ...text(255),
  check: problem,
  normalize,
})
