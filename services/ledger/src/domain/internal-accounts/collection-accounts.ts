import type { PaymentInstructions } from './types.js'

/**
 * The deployment's own accounts at its banks, on which production internal accounts are funded:
 * the bank credits them and tells the payments service, which names the internal account by the
 * key the instructions gave the payer. Absent: that currency's production accounts show no
 * instructions (none would be honoured).
 */
export interface CollectionAccounts {
  /** USD over ACH: one virtual account number per internal account, under the bank's routing number. */
  ach?: { routingNumber: string; bankName: string; accountNumberPrefix: string }
  /** EUR over SEPA: the collection IBAN, and one ISO 11649 creditor reference per internal account. */
  sepa?: { iban: string; bic: string }
}

/** A production account's instructions and the key incoming credits find it by. */
export interface Collection {
  instructions: PaymentInstructions
  key: string
}

/** A virtual account number's digits after the prefix: room for ten billion accounts. */
const VIRTUAL_NUMBER_DIGITS = 10
/** An ISO 11649 reference's digits after "RF" and its check digits. */
const REFERENCE_DIGITS = 12

/** Whether an account in this currency is funded through a collection account of the deployment. */
export const hasCollectionAccount = (collection: CollectionAccounts, currency: string): boolean =>
  (currency === 'USD' && collection.ach !== undefined) || (currency === 'EUR' && collection.sepa !== undefined)

/** The collection coordinates of the `number`th production account in `currency`, if that currency has a collection account. */
export function collectionFor(collection: CollectionAccounts, currency: string, number: bigint, isPlatformAccount: boolean): Collection | undefined {
  // the reference every instruction carries; over ACH the account number alone already names the account
  const reference = creditorReference(number.toString().padStart(REFERENCE_DIGITS, '0'))
  if (currency === 'USD' && collection.ach) {
    const accountNumber = `${collection.ach.accountNumberPrefix}${number.toString().padStart(VIRTUAL_NUMBER_DIGITS, '0')}`
    return {
      key: achCollectionKey(accountNumber),
      instructions: {
        isPlatformAccount,
        instructionsNotes: 'Send by ACH to this account number, which is this account\'s alone',
        accountOrWalletInfo: {
          accountType: 'USD_ACCOUNT',
          paymentRails: ['ACH'],
          accountNumber,
          routingNumber: collection.ach.routingNumber,
          bankName: collection.ach.bankName,
          reference,
        },
      },
    }
  }
  if (currency === 'EUR' && collection.sepa) {
    return {
      key: sepaCollectionKey(reference),
      instructions: {
        isPlatformAccount,
        instructionsNotes: 'Send by SEPA credit transfer with this reference as the structured creditor reference',
        accountOrWalletInfo: {
          accountType: 'EUR_ACCOUNT',
          paymentRails: ['SEPA'],
          iban: collection.sepa.iban,
          swiftCode: collection.sepa.bic,
          reference,
        },
      },
    }
  }
  return undefined
}

export const achCollectionKey = (accountNumber: string): string => `ACH:${accountNumber}`
export const sepaCollectionKey = (reference: string): string => `SEPA:${reference.replace(/\s+/g, '').toUpperCase()}`

/** ISO 11649: "RF", two mod-97 check digits, then the reference; letters count as 10 (A) to 35 (Z). */
export function creditorReference(reference: string): string {
  const numeric = [...`${reference}RF00`.toUpperCase()].map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('')
  const check = 98n - (BigInt(numeric) % 97n)
  return `RF${check.toString().padStart(2, '0')}${reference}`
}
