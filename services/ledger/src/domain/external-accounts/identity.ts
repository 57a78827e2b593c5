import { rulesOf, type AccountType } from './account-types.js'
import { isPresent } from './field-errors.js'
import { comparableValue } from './field-rules.js'
import type { AccountInfoInput } from './types.js'

export interface AccountIdentity {
  /** Equal for equivalent accounts (with the owner and currency): the duplicate check compares it. */
  key: string
  /** The account number, IBAN, CLABE, key or address whose last digits select a sandbox scenario. */
  primaryIdentifier: string
}

/**
 * The identity of a valid `accountInfo`: the first complete identifier set of its type, each
 * value normalized (IBAN without spaces in upper case, EVM address in lower case, ...). An IBAN
 * is the same account whichever account type carries it.
 */
export function identityOf(info: AccountInfoInput & { accountType: AccountType }): AccountIdentity {
  const rules = rulesOf(info.accountType)
  const fields = rules.identities.find((set) => set.every((field) => isPresent(info[field])))
  if (!fields) throw new Error(`${info.accountType} account information without an identifier reached identityOf`)
  const values = fields.map((field) => comparableValue(field, rules.fields[field], info[field]!))
  const family = fields.length === 1 && fields[0] === 'iban' ? 'IBAN' : (rules.family ?? info.accountType)
  return { key: `${family}:${values.join('/')}`, primaryIdentifier: info[fields.at(-1)!]! }
}

/**
 * The sandbox scenario digits of a primary identifier: its last three characters when they are
 * digits; for an identifier with a domain part (an email PIX key, a Lightning address), those
 * of the part before the '@' (spec, Sandbox behaviour).
 */
export function scenarioSuffix(primaryIdentifier: string): string | undefined {
  const at = primaryIdentifier.lastIndexOf('@')
  const local = at === -1 ? primaryIdentifier : primaryIdentifier.slice(0, at)
  const suffix = local.slice(-3)
  return /^[0-9]{3}$/.test(suffix) ? suffix : undefined
}
