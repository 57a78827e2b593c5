import { createHash } from 'node:crypto'
import { isCryptoCurrency } from '@pp/money'
import type { Environment } from '../types.js'
import type { AccountOrWalletInfo, InternalAccountType, PaymentInstructions } from './types.js'

interface AccountToFund {
  id: string
  type: InternalAccountType
  currency: string
  customerId: string | null
}

const BANK_NAME = 'Sandbox Settlement Bank'
const NOTES = 'Include the reference with the payment so it is credited to this account'

/**
 * The coordinates a payer uses to fund the account, fixed when the account is created. Sandbox
 * coordinates are derived from the account id (valid check digits, never a real account); no
 * production banking provider is configured, so production accounts carry none rather than fake ones.
 */
export function fundingInstructionsFor(account: AccountToFund, environment: Environment): PaymentInstructions[] {
  if (environment !== 'SANDBOX') return []
  const info = coordinatesFor(account)
  if (!info) return []
  const isBank = info.accountType !== 'SPARK_WALLET'
  return [{ ...(isBank ? { instructionsNotes: NOTES } : {}), isPlatformAccount: account.customerId === null, accountOrWalletInfo: info }]
}

function coordinatesFor({ id, currency }: AccountToFund): AccountOrWalletInfo | undefined {
  const reference = `REF-${digitsOf(`${id}/reference`, 10)}`
  if (isCryptoCurrency(currency)) return { accountType: 'SPARK_WALLET', address: sparkAddress(id), assetType: currency }
  switch (currency) {
    case 'USD': {
      const routing = '10100100'
      return {
        accountType: 'USD_ACCOUNT',
        paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
        accountNumber: digitsOf(id, 12),
        routingNumber: `${routing}${abaCheckDigit(routing)}`,
        bankName: BANK_NAME,
        reference,
      }
    }
    case 'EUR':
      return { accountType: 'EUR_ACCOUNT', paymentRails: ['SEPA', 'SEPA_INSTANT'], iban: germanIban(`10010010${digitsOf(id, 10)}`), swiftCode: 'SNDBDEFFXXX', reference }
    case 'MXN': {
      const clabe = `646180${digitsOf(id, 11)}`
      return { accountType: 'MXN_ACCOUNT', paymentRails: ['SPEI'], clabeNumber: `${clabe}${clabeCheckDigit(clabe)}`, reference }
    }
    case 'GBP':
      return { accountType: 'GBP_ACCOUNT', paymentRails: ['FASTER_PAYMENTS'], sortCode: '040004', accountNumber: digitsOf(id, 8), reference }
    default:
      return undefined
  }
}

/** `length` decimal digits derived from `seed`: stable for one account, different between accounts. */
function digitsOf(seed: string, length: number): string {
  const hash = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`)
  return (hash % 10n ** BigInt(length)).toString().padStart(length, '0')
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

function sparkAddress(id: string): string {
  const bytes = createHash('sha256').update(`${id}/spark`).digest()
  return `sparkrt1${[...bytes].map((b) => BECH32[b % 32]).join('')}`
}

/** ABA routing number check digit: weights 3, 7, 1 over the first eight digits. */
export function abaCheckDigit(first8: string): number {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7]
  const sum = [...first8].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0)
  return (10 - (sum % 10)) % 10
}

/** CLABE check digit: weights 3, 7, 1 repeating, each product taken modulo 10. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1]
  const sum = [...first17].reduce((total, digit, i) => total + ((Number(digit) * weights[i % 3]!) % 10), 0)
  return (10 - (sum % 10)) % 10
}

/** A German IBAN (ISO 13616 mod-97 check digits) for an 18-digit BBAN. */
export function germanIban(bban: string): string {
  const numeric = `${bban}131400` // "DE00" with letters as numbers (D=13, E=14)
  const check = 98n - (BigInt(numeric) % 97n)
  return `DE${check.toString().padStart(2, '0')}${bban}`
}
