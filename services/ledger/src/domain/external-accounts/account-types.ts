import { bankBeneficiary, WALLET_BENEFICIARY, type BeneficiaryRules } from './beneficiary-rules.js'
import {
  ACCOUNT_NUMBER, ANY_IBAN, BANK_ACCOUNT_TYPE, BANK_NAME, BRAZIL_TAX_ID, CLABE, COUNTRY, digits, iban, phone, PIX_KEY,
  PIX_KEY_TYPE, PROVIDER, ROUTING_NUMBER, SWIFT_CODE, text, walletAddress, type FieldRule,
} from './field-rules.js'
import type { AccountField } from './types.js'
import { evmAddressProblem } from './validation/evm-address.js'
import { bolt11InvoiceProblem, bolt12OfferProblem, lightningAddressProblem } from './validation/lightning.js'
import { solanaAddressProblem } from './validation/solana-address.js'
import { sparkAddressProblem } from './validation/spark-address.js'
import { tronAddressProblem } from './validation/tron-address.js'

/** How a self-custody wallet proves ownership with a signature. */
export type OwnershipProof = 'EVM' | 'SOLANA' | 'TRON' | 'SPARK'

/** Everything the service knows about one account type of the reference. */
export interface AccountTypeRules {
  kind: 'BANK' | 'WALLET' | 'LIGHTNING'
  /** The only currency a per-currency bank account holds; absent where several are possible. */
  currency?: string
  fields: Partial<Record<AccountField, FieldRule>>
  required: AccountField[]
  /** Field sets of which at least one (exactly one with `isExactlyOne`) must be complete. */
  alternatives?: AccountField[][]
  isExactlyOne?: boolean
  /** Field sets that identify the account, in order of preference; the last field of the set used is the primary identifier. */
  identities: AccountField[][]
  /** Account types that describe the same accounts share a family, so their duplicates are found. */
  family?: string
  beneficiary?: BeneficiaryRules
  paymentRails: string[]
  /** A new US bank account is validated over the ACH return window before it can be used. */
  isAchValidated?: boolean
  ownershipProof?: OwnershipProof
}

type Bank = Omit<AccountTypeRules, 'kind' | 'beneficiary' | 'identities'> & Partial<Pick<AccountTypeRules, 'beneficiary' | 'identities'>>

const bank = (rules: Bank): AccountTypeRules => ({
  kind: 'BANK',
  beneficiary: bankBeneficiary(),
  identities: [rules.required.filter((f) => f !== 'bankName' && f !== 'bankAccountType')],
  ...rules,
})

const mobileMoney = (currency: string, phoneRule: FieldRule, region?: string[]): AccountTypeRules =>
  bank({
    currency,
    paymentRails: ['MOBILE_MONEY'],
    fields: { phoneNumber: phoneRule, provider: PROVIDER, ...(region && { region: { ...COUNTRY, enum: region } }) },
    required: region ? ['phoneNumber', 'provider', 'region'] : ['phoneNumber', 'provider'],
    identities: [['provider', 'phoneNumber']],
  })

const BANK_OR_MOBILE_FIELDS = { accountNumber: ACCOUNT_NUMBER, bankName: BANK_NAME, phoneNumber: phone() }

/** Bank transfer or mobile money, told apart by which identifier is sent; `extra` adds or overrides. */
const bankOrMobile = (currency: string, extra: Partial<Bank> = {}): AccountTypeRules =>
  bank({
    currency,
    paymentRails: ['BANK_TRANSFER', 'MOBILE_MONEY'],
    fields: BANK_OR_MOBILE_FIELDS,
    required: ['bankName'],
    alternatives: [['accountNumber'], ['phoneNumber']],
    identities: [['bankName', 'accountNumber'], ['bankName', 'phoneNumber']],
    ...extra,
  })

/** Accounts named by bank, account number and SWIFT code. */
const swiftBank = (currency: string, paymentRails = ['BANK_TRANSFER'], extra: Partial<Bank> = {}): AccountTypeRules =>
  bank({
    currency,
    paymentRails,
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE },
    required: ['bankName', 'accountNumber', 'swiftCode'],
    identities: [['swiftCode', 'accountNumber']],
    ...extra,
  })

const ibanBank = (currency: string, ibanRule: FieldRule, paymentRails: string[], beneficiary = bankBeneficiary()): AccountTypeRules =>
  bank({ currency, paymentRails, fields: { iban: ibanRule, swiftCode: SWIFT_CODE }, required: ['iban'], beneficiary })

const lowerCase = (value: string): string => value.toLowerCase()

const wallet = (address: FieldRule, ownershipProof: OwnershipProof): AccountTypeRules => ({
  kind: 'WALLET',
  fields: { address, vaspName: text(255) },
  required: ['address'],
  identities: [['address']],
  beneficiary: WALLET_BENEFICIARY,
  paymentRails: [],
  ownershipProof,
})
const evmWallet = (): AccountTypeRules => wallet(walletAddress(evmAddressProblem, lowerCase), 'EVM')

const US_BANK_FIELDS = {
  accountNumber: ACCOUNT_NUMBER,
  routingNumber: ROUTING_NUMBER,
  bankName: text(140),
  intermediaryBankName: text(140),
  intermediaryRoutingNumber: ROUTING_NUMBER,
  fiToFiInformation: { maxLength: 210 },
} satisfies Partial<Record<AccountField, FieldRule>>

const usBank = (accountKindField: 'bankAccountType' | 'accountCategory'): AccountTypeRules =>
  bank({
    currency: 'USD',
    family: 'US_BANK',
    paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
    fields: { ...US_BANK_FIELDS, [accountKindField]: BANK_ACCOUNT_TYPE },
    required: ['accountNumber', 'routingNumber'],
    identities: [['routingNumber', 'accountNumber']],
    isAchValidated: true,
  })

const mxnBank = (): AccountTypeRules =>
  bank({ currency: 'MXN', family: 'CLABE', paymentRails: ['SPEI'], fields: { clabeNumber: CLABE, bankName: BANK_NAME }, required: ['clabeNumber'] })

const brlPix = (): AccountTypeRules =>
  bank({
    currency: 'BRL',
    family: 'PIX',
    paymentRails: ['PIX'],
    fields: { pixKey: PIX_KEY, pixKeyType: PIX_KEY_TYPE, taxId: BRAZIL_TAX_ID },
    required: ['pixKey', 'pixKeyType', 'taxId'],
    identities: [['pixKey']],
  })

/**
 * Every account type of the reference (ExternalAccountCreateInfoOneOf), plus the spec's names
 * US_ACCOUNT (with `accountCategory`), CLABE and PIX for the US, Mexican and Brazilian accounts.
 */
export const ACCOUNT_TYPES = {
  AED_ACCOUNT: ibanBank('AED', iban(/^AE[0-9]{21}$/, 23), ['BANK_TRANSFER'], bankBeneficiary({ address: 'REQUIRED' })),
  BDT_ACCOUNT: bankOrMobile('BDT', { fields: { ...BANK_OR_MOBILE_FIELDS, branchCode: digits(5), swiftCode: SWIFT_CODE } }),
  BRL_ACCOUNT: brlPix(),
  BWP_ACCOUNT: mobileMoney('BWP', phone()),
  CAD_ACCOUNT: bank({
    currency: 'CAD',
    paymentRails: ['BANK_TRANSFER'],
    fields: { bankCode: digits(3), branchCode: digits(5), accountNumber: digits(7, 12) },
    required: ['bankCode', 'branchCode', 'accountNumber'],
    beneficiary: bankBeneficiary({ allowed: ['registrationNumber'] }),
  }),
  CNY_ACCOUNT: bankOrMobile('CNY'),
  COP_ACCOUNT: bankOrMobile('COP', {
    fields: { ...BANK_OR_MOBILE_FIELDS, bankAccountType: BANK_ACCOUNT_TYPE },
    alternatives: [['accountNumber', 'bankAccountType'], ['phoneNumber']],
    beneficiary: bankBeneficiary({ allowed: ['documentType', 'documentNumber'] }),
  }),
  DKK_ACCOUNT: ibanBank('DKK', iban(/^DK[0-9]{16}$/, 18), ['SEPA', 'SEPA_INSTANT']),
  EGP_ACCOUNT: bankOrMobile('EGP', {
    fields: { iban: iban(/^EG[0-9]{27}$/, 29), bankName: BANK_NAME, phoneNumber: phone() },
    alternatives: [['iban'], ['phoneNumber']],
    identities: [['iban'], ['bankName', 'phoneNumber']],
  }),
  EUR_ACCOUNT: ibanBank('EUR', ANY_IBAN, ['SEPA', 'SEPA_INSTANT'], bankBeneficiary({ required: ['countryOfResidence'] })),
  GBP_ACCOUNT: bank({
    currency: 'GBP',
    paymentRails: ['FASTER_PAYMENTS'],
    fields: { sortCode: digits(6), accountNumber: digits(8) },
    required: ['sortCode', 'accountNumber'],
  }),
  GHS_ACCOUNT: bankOrMobile('GHS'),
  GTQ_ACCOUNT: bank({
    currency: 'GTQ',
    paymentRails: ['BANK_TRANSFER'],
    fields: { accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME },
    required: ['accountNumber', 'bankAccountType', 'bankName'],
    identities: [['bankName', 'accountNumber']],
    beneficiary: bankBeneficiary({ required: ['countryOfResidence', 'phoneNumber'] }),
  }),
  HKD_ACCOUNT: swiftBank('HKD'),
  HTG_ACCOUNT: bank({ currency: 'HTG', paymentRails: ['MOBILE_MONEY'], fields: { phoneNumber: phone() }, required: ['phoneNumber'] }),
  IDR_ACCOUNT: swiftBank('IDR', ['BANK_TRANSFER'], {
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, phoneNumber: phone('62', 9) },
    required: ['bankName', 'accountNumber', 'swiftCode', 'phoneNumber'],
  }),
  INR_ACCOUNT: bank({
    currency: 'INR',
    paymentRails: ['UPI', 'NEFT', 'RTGS'],
    fields: {
      vpa: { pattern: /^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9]+$/, minLength: 3, maxLength: 255, normalize: lowerCase },
      accountNumber: digits(9, 18),
      ifsc: { pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/, minLength: 11, maxLength: 11 },
      rail: { enum: ['NEFT', 'RTGS'] },
      bankName: BANK_NAME,
    },
    required: [],
    alternatives: [['accountNumber', 'ifsc', 'rail'], ['vpa']],
    identities: [['ifsc', 'accountNumber'], ['vpa']],
  }),
  JMD_ACCOUNT: bank({
    currency: 'JMD',
    paymentRails: ['BANK_TRANSFER'],
    fields: { accountNumber: ACCOUNT_NUMBER, branchCode: digits(5), bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME },
    required: ['accountNumber', 'branchCode', 'bankAccountType', 'bankName'],
    identities: [['bankName', 'branchCode', 'accountNumber']],
    beneficiary: bankBeneficiary({ required: ['phoneNumber'], address: 'REQUIRED' }),
  }),
  KES_ACCOUNT: mobileMoney('KES', phone('254', 9)),
  MWK_ACCOUNT: mobileMoney('MWK', phone()),
  MXN_ACCOUNT: mxnBank(),
  MYR_ACCOUNT: swiftBank('MYR'),
  NGN_ACCOUNT: bank({
    currency: 'NGN',
    paymentRails: ['BANK_TRANSFER'],
    fields: { accountNumber: digits(10), bankName: BANK_NAME },
    required: ['accountNumber', 'bankName'],
    identities: [['bankName', 'accountNumber']],
  }),
  PHP_ACCOUNT: bank({
    currency: 'PHP',
    paymentRails: ['BANK_TRANSFER'],
    fields: { bankName: BANK_NAME, accountNumber: digits(8, 16) },
    required: ['bankName', 'accountNumber'],
    identities: [['bankName', 'accountNumber']],
  }),
  PKR_ACCOUNT: bankOrMobile('PKR', {
    fields: { ...BANK_OR_MOBILE_FIELDS, iban: iban(/^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/, 24) },
    alternatives: [['accountNumber'], ['iban'], ['phoneNumber']],
    identities: [['iban'], ['bankName', 'accountNumber'], ['bankName', 'phoneNumber']],
  }),
  RWF_ACCOUNT: mobileMoney('RWF', phone('250', 9)),
  SGD_ACCOUNT: swiftBank('SGD', ['PAYNOW', 'FAST', 'BANK_TRANSFER'], { required: ['accountNumber', 'swiftCode'] }),
  // El Salvador's currency is the US dollar
  SLV_ACCOUNT: bank({
    currency: 'USD',
    paymentRails: ['BANK_TRANSFER', 'MOBILE_MONEY'],
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, phoneNumber: phone() },
    required: [],
    alternatives: [['bankAccountType', 'accountNumber'], ['phoneNumber']],
    identities: [['accountNumber'], ['phoneNumber']],
  }),
  THB_ACCOUNT: swiftBank('THB'),
  TZS_ACCOUNT: mobileMoney('TZS', phone('255', 9)),
  UGX_ACCOUNT: mobileMoney('UGX', phone()),
  USD_ACCOUNT: usBank('bankAccountType'),
  VND_ACCOUNT: swiftBank('VND'),
  XAF_ACCOUNT: mobileMoney('XAF', phone(), ['CM', 'CG']),
  XOF_ACCOUNT: mobileMoney('XOF', phone(), ['BJ', 'CI', 'SN', 'TG']),
  ZAR_ACCOUNT: bank({
    currency: 'ZAR',
    paymentRails: ['BANK_TRANSFER'],
    fields: { accountNumber: digits(9, 13), bankName: BANK_NAME },
    required: ['accountNumber', 'bankName'],
    identities: [['bankName', 'accountNumber']],
  }),
  ZMW_ACCOUNT: mobileMoney('ZMW', phone('260', 9)),
  SWIFT_ACCOUNT: bank({
    paymentRails: ['SWIFT'],
    fields: { country: COUNTRY, swiftCode: SWIFT_CODE, bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, iban: ANY_IBAN },
    required: ['country', 'swiftCode', 'bankName'],
    alternatives: [['accountNumber'], ['iban']],
    identities: [['iban'], ['swiftCode', 'accountNumber']],
  }),
  BASE_WALLET: evmWallet(),
  ETHEREUM_WALLET: evmWallet(),
  LIGHTNING: {
    kind: 'LIGHTNING',
    currency: 'BTC',
    fields: {
      invoice: walletAddress(bolt11InvoiceProblem, lowerCase),
      bolt12: walletAddress(bolt12OfferProblem, lowerCase),
      lightningAddress: walletAddress(lightningAddressProblem),
    },
    required: [],
    alternatives: [['invoice'], ['bolt12'], ['lightningAddress']],
    isExactlyOne: true,
    identities: [['invoice'], ['bolt12'], ['lightningAddress']],
    paymentRails: [],
  },
  POLYGON_WALLET: evmWallet(),
  PLASMA_WALLET: evmWallet(),
  SOLANA_WALLET: wallet(walletAddress(solanaAddressProblem), 'SOLANA'),
  SPARK_WALLET: wallet(walletAddress(sparkAddressProblem, lowerCase), 'SPARK'),
  TRON_WALLET: wallet(walletAddress(tronAddressProblem), 'TRON'),
  US_ACCOUNT: usBank('accountCategory'),
  CLABE: mxnBank(),
  PIX: brlPix(),
} satisfies Record<string, AccountTypeRules>

export type AccountType = keyof typeof ACCOUNT_TYPES
export const ACCOUNT_TYPE_NAMES = Object.keys(ACCOUNT_TYPES) as AccountType[]

export const isAccountType = (value: string): value is AccountType => Object.hasOwn(ACCOUNT_TYPES, value)

export const rulesOf = (accountType: AccountType): AccountTypeRules => ACCOUNT_TYPES[accountType]
