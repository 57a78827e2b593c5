import { codeMac, isSealedText, openText, sealingKeyring, sealText, type CodeMac, type SealingKeyring } from '@pp/secrets'
import type { Tenant } from '../types.js'
import type { AccountField } from '@pp/contracts/external-account-fields'
import type { AccountInfoInput } from './types.js'

/**
 * The fields of an accountInfo holding a bank account's full number: sealed at rest (issue 31),
 * each bound to its account and field, so a ciphertext copied to another row or field does not
 * open. Routing numbers, sort codes, bank codes and SWIFT codes name banks, not accounts, and
 * wallet addresses are public: they stay readable.
 */
export const SEALED_ACCOUNT_FIELDS = ['accountNumber', 'iban', 'clabeNumber'] as const satisfies readonly AccountField[]

/** BANK_ACCOUNT_DATA_KEY at work: the keyring sealing the numbers, and the identity HMAC keyed from its current key. */
export interface BankAccountSealing {
  keyring: SealingKeyring
  identityMac: CodeMac
}

export const bankAccountSealing = (currentKeyHex: string, previousKeysHex: readonly string[] = []): BankAccountSealing => ({
  keyring: sealingKeyring(currentKeyHex, previousKeysHex),
  identityMac: codeMac(currentKeyHex, 'ledger/external-account-identity'),
})

const bindingOf = (accountId: string, field: AccountField): string => `${accountId}/${field}`

/** The number a stored account holds that no configured key opens for that account: moved from another row, or sealed under a key since removed. */
export class UnreadableAccountNumber extends Error {
  constructor(
    readonly accountId: string,
    readonly field: AccountField,
    cause: unknown,
  ) {
    super(`the ${field} of ${accountId} does not open: it was sealed for another account, or under a key missing from BANK_ACCOUNT_DATA_PREVIOUS_KEYS`, { cause })
  }
}

function withFields<T extends AccountInfoInput>(info: T, change: (field: AccountField, value: string) => string): T {
  const changed = SEALED_ACCOUNT_FIELDS.filter((field) => info[field] !== undefined).map((field) => [field, change(field, info[field]!)])
  return changed.length === 0 ? info : { ...info, ...Object.fromEntries(changed) }
}

/** `info` with its numbers sealed for account `accountId` under the current key. */
export const sealAccountInfo = <T extends AccountInfoInput>(keyring: SealingKeyring, accountId: string, info: T): T =>
  withFields(info, (field, value) => sealText(keyring, bindingOf(accountId, field), value))

/**
 * `info` with its sealed numbers opened. A number in the clear is shown as it is: a row written
 * during a rollout by a replica that did not seal yet, which the next start seals.
 * Throws UnreadableAccountNumber.
 */
export const openAccountInfo = <T extends AccountInfoInput>(keyring: SealingKeyring, accountId: string, info: T): T =>
  withFields(info, (field, value) => {
    if (!isSealedText(value)) return value
    try {
      return openText(keyring, bindingOf(accountId, field), value)
    } catch (err) {
      throw new UnreadableAccountNumber(accountId, field, err)
    }
  })

/**
 * `info` with its numbers replaced by their keyed digests: what an Idempotency-Key's request
 * fingerprint covers, since a plain hash of a request whose other fields the row shows would let
 * the number be guessed. (A retry that crosses a key rotation no longer matches its first request.)
 */
export const withNumbersDigested = <T extends AccountInfoInput>(sealing: BankAccountSealing, info: T): T =>
  withFields(info, (field, value) => sealing.identityMac.digest(field, value))

/** The rows whose identities the duplicate check compares: one tenant, one owner (none: the platform's own), one currency. */
export interface IdentityScope extends Tenant {
  customerId: string | null
  currency: string
}

const IDENTITY_PREFIX = 'hmac:v1:'

/**
 * What `identity_key` stores of an account's normalised identifying numbers (identityOf):
 * `hmac:v1:<key id>:<HMAC-SHA256>`, keyed from the current sealing key (the id names it) and
 * bound to the scope, so equal accounts of one owner and currency still collide in the unique
 * index while the column tells nothing of the numbers, nor which owners share an account.
 */
export function identityKeyOf(sealing: BankAccountSealing, scope: IdentityScope, identity: string): string {
  const digest = sealing.identityMac.digest(scope.platformId, scope.environment, scope.customerId ?? '', scope.currency, identity)
  return `${currentIdentityPrefix(sealing)}${digest}`
}

/** The beginning every identity key made under the current key shares. */
export const currentIdentityPrefix = (sealing: BankAccountSealing): string => `${IDENTITY_PREFIX}${sealing.keyring.currentKeyId}:`
