import type { AccountField, FieldFormat, FieldShape } from '@pp/contracts/external-account-fields'
import { isValidAbaRoutingNumber } from './validation/aba-routing.js'
import { isValidBrazilTaxId } from './validation/brazil-tax-id.js'
import { isValidClabe } from './validation/clabe.js'
import { evmAddressProblem } from './validation/evm-address.js'
import { ibanProblem, normalizeIban } from './validation/iban.js'
import { bolt11InvoiceProblem, bolt12OfferProblem, lightningAddressProblem } from './validation/lightning.js'
import { PIX_KEY_TYPES, pixKeyProblem, type PixKeyType } from './validation/pix-key.js'
import { solanaAddressProblem } from './validation/solana-address.js'
import { sparkAddressProblem } from './validation/spark-address.js'
import { tronAddressProblem } from './validation/tron-address.js'
import type { AccountInfoInput } from './types.js'

/**
 * A field's rule is its shape as the contract declares it (@pp/contracts/external-account-fields);
 * the ledger adds what the contract only names: each format's check and comparable form.
 */
export type FieldRule = FieldShape

interface FormatRules {
  /** Why the value is invalid beyond its shape, or undefined when it is valid. */
  check: (value: string, info: AccountInfoInput) => string | undefined
  /** The form compared when looking for an equivalent account (case, spacing). */
  normalize?: (value: string) => string
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const lowerCase = (value: string): string => value.toLowerCase()

const FORMATS: Record<FieldFormat, FormatRules> = {
  'aba-routing': { check: (value) => (isValidAbaRoutingNumber(value) ? undefined : 'not a valid ABA routing number (checksum)') },
  iban: { check: ibanProblem, normalize: normalizeIban },
  clabe: { check: (value) => (isValidClabe(value) ? undefined : 'not a valid CLABE (check digit)') },
  'brazil-tax-id': { check: (value) => (isValidBrazilTaxId(value) ? undefined : 'not a valid CPF (11 digits) or CNPJ (14 digits)') },
  // the key is checked against its declared kind; an unknown kind is reported on pixKeyType
  'pix-key': {
    check: (value, info) => {
      const type = info.pixKeyType as PixKeyType | undefined
      return type && PIX_KEY_TYPES.includes(type) ? pixKeyProblem(type, value) : undefined
    },
    normalize: (value) => (value.includes('@') ? value.toLowerCase() : value),
  },
  'calendar-date': { check: (value) => (isCalendarDate(value) ? undefined : 'not a calendar date') },
  'evm-address': { check: evmAddressProblem, normalize: lowerCase },
  'solana-address': { check: solanaAddressProblem },
  'tron-address': { check: tronAddressProblem },
  'spark-address': { check: sparkAddressProblem, normalize: lowerCase },
  bolt11: { check: bolt11InvoiceProblem, normalize: lowerCase },
  bolt12: { check: bolt12OfferProblem, normalize: lowerCase },
  'lightning-address': { check: lightningAddressProblem },
}

/** Why a value whose shape holds is still invalid by its format, or undefined when it is valid. */
export const formatProblem = (rule: FieldRule, value: string, info: AccountInfoInput): string | undefined =>
  rule.format && FORMATS[rule.format].check(value, info)

/** Names people type freely: the same bank or provider whatever the case or surrounding spaces. */
const FREE_TEXT_NAMES: ReadonlySet<AccountField> = new Set(['bankName', 'provider', 'vpa'])

/** The form of a value compared when looking for an equivalent account. */
export function comparableValue(field: AccountField, rule: FieldRule | undefined, value: string): string {
  if (FREE_TEXT_NAMES.has(field)) return value.trim().toLowerCase()
  const normalize = rule?.format && FORMATS[rule.format].normalize
  return normalize ? normalize(value) : value
}
