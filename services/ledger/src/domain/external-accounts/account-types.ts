import {
  ACCOUNT_TYPE_NAMES, ACCOUNT_TYPE_SHAPES, isAccountType, type AccountField, type AccountType, type AccountTypeShape,
} from '@pp/contracts/external-account-fields'

export { ACCOUNT_TYPE_NAMES, isAccountType, type AccountType }

/** How a self-custody wallet proves ownership with a signature. */
export type OwnershipProof = 'EVM' | 'SOLANA' | 'TRON' | 'SPARK'

/** What the ledger decides about an account type, beyond the fields the contract declares. */
interface AccountTypePolicy {
  kind: 'BANK' | 'WALLET' | 'LIGHTNING'
  /** The only currency a per-currency bank account holds; absent where several are possible. */
  currency?: string
  /** Field sets that identify the account, in order of preference; the last field of the set used is the primary identifier. */
  identities?: AccountField[][]
  /** Account types that describe the same accounts share a family, so their duplicates are found. */
  family?: string
  paymentRails: string[]
  /** A new US bank account is validated over the ACH return window before it can be used. */
  isAchValidated?: boolean
  ownershipProof?: OwnershipProof
}

/** Everything the service knows about one account type: the contract's fields and its own policy. */
export type AccountTypeRules = AccountTypeShape & AccountTypePolicy & { identities: AccountField[][] }

type BankPolicy = Omit<AccountTypePolicy, 'kind' | 'paymentRails'>

const bank = (currency: string | undefined, paymentRails: string[], policy: BankPolicy = {}): AccountTypePolicy => ({
  kind: 'BANK',
  ...(currency && { currency }),
  paymentRails,
  ...policy,
})

const mobileMoney = (currency: string): AccountTypePolicy => bank(currency, ['MOBILE_MONEY'], { identities: [['provider', 'phoneNumber']] })

const BANK_OR_MOBILE_IDENTITIES: AccountField[][] = [['bankName', 'accountNumber'], ['bankName', 'phoneNumber']]
const bankOrMobile = (currency: string, identities = BANK_OR_MOBILE_IDENTITIES): AccountTypePolicy =>
  bank(currency, ['BANK_TRANSFER', 'MOBILE_MONEY'], { identities })

const BY_BANK_NAME: BankPolicy = { identities: [['bankName', 'accountNumber']] }
const swiftBank = (currency: string, paymentRails = ['BANK_TRANSFER']): AccountTypePolicy =>
  bank(currency, paymentRails, { identities: [['swiftCode', 'accountNumber']] })

const wallet = (ownershipProof: OwnershipProof): AccountTypePolicy => ({
  kind: 'WALLET',
  identities: [['address']],
  paymentRails: [],
  ownershipProof,
})

const US_BANK = bank('USD', ['ACH', 'WIRE', 'RTP', 'FEDNOW'], { family: 'US_BANK', identities: [['routingNumber', 'accountNumber']], isAchValidated: true })
const MXN_BANK = bank('MXN', ['SPEI'], { family: 'CLABE' })
const BRL_PIX = bank('BRL', ['PIX'], { family: 'PIX', identities: [['pixKey']] })
const SEPA = ['SEPA', 'SEPA_INSTANT']

const POLICIES: Record<AccountType, AccountTypePolicy> = {
  AED_ACCOUNT: bank('AED', ['BANK_TRANSFER']),
  BDT_ACCOUNT: bankOrMobile('BDT'),
  BRL_ACCOUNT: BRL_PIX,
  BWP_ACCOUNT: mobileMoney('BWP'),
  CAD_ACCOUNT: bank('CAD', ['BANK_TRANSFER']),
  CNY_ACCOUNT: bankOrMobile('CNY'),
  COP_ACCOUNT: bankOrMobile('COP'),
  DKK_ACCOUNT: bank('DKK', SEPA),
  EGP_ACCOUNT: bankOrMobile('EGP', [['iban'], ['bankName', 'phoneNumber']]),
  EUR_ACCOUNT: bank('EUR', SEPA),
  GBP_ACCOUNT: bank('GBP', ['FASTER_PAYMENTS']),
  GHS_ACCOUNT: bankOrMobile('GHS'),
  GTQ_ACCOUNT: bank('GTQ', ['BANK_TRANSFER'], BY_BANK_NAME),
  HKD_ACCOUNT: swiftBank('HKD'),
  HTG_ACCOUNT: bank('HTG', ['MOBILE_MONEY']),
  IDR_ACCOUNT: swiftBank('IDR'),
  INR_ACCOUNT: bank('INR', ['UPI', 'NEFT', 'RTGS'], { identities: [['ifsc', 'accountNumber'], ['vpa']] }),
  JMD_ACCOUNT: bank('JMD', ['BANK_TRANSFER'], { identities: [['bankName', 'branchCode', 'accountNumber']] }),
  KES_ACCOUNT: mobileMoney('KES'),
  MWK_ACCOUNT: mobileMoney('MWK'),
  MXN_ACCOUNT: MXN_BANK,
  MYR_ACCOUNT: swiftBank('MYR'),
  NGN_ACCOUNT: bank('NGN', ['BANK_TRANSFER'], BY_BANK_NAME),
  PHP_ACCOUNT: bank('PHP', ['BANK_TRANSFER'], BY_BANK_NAME),
  PKR_ACCOUNT: bankOrMobile('PKR', [['iban'], ...BANK_OR_MOBILE_IDENTITIES]),
  RWF_ACCOUNT: mobileMoney('RWF'),
  SGD_ACCOUNT: swiftBank('SGD', ['PAYNOW', 'FAST', 'BANK_TRANSFER']),
  // El Salvador's currency is the US dollar
  SLV_ACCOUNT: bank('USD', ['BANK_TRANSFER', 'MOBILE_MONEY'], { identities: [['accountNumber'], ['phoneNumber']] }),
  THB_ACCOUNT: swiftBank('THB'),
  TZS_ACCOUNT: mobileMoney('TZS'),
  UGX_ACCOUNT: mobileMoney('UGX'),
  USD_ACCOUNT: US_BANK,
  VND_ACCOUNT: swiftBank('VND'),
  XAF_ACCOUNT: mobileMoney('XAF'),
  XOF_ACCOUNT: mobileMoney('XOF'),
  ZAR_ACCOUNT: bank('ZAR', ['BANK_TRANSFER'], BY_BANK_NAME),
  ZMW_ACCOUNT: mobileMoney('ZMW'),
  SWIFT_ACCOUNT: bank(undefined, ['SWIFT'], { identities: [['iban'], ['swiftCode', 'accountNumber']] }),
  BASE_WALLET: wallet('EVM'),
  ETHEREUM_WALLET: wallet('EVM'),
  LIGHTNING: { kind: 'LIGHTNING', currency: 'BTC', identities: [['invoice'], ['bolt12'], ['lightningAddress']], paymentRails: [] },
  POLYGON_WALLET: wallet('EVM'),
  PLASMA_WALLET: wallet('EVM'),
  SOLANA_WALLET: wallet('SOLANA'),
  SPARK_WALLET: wallet('SPARK'),
  TRON_WALLET: wallet('TRON'),
  US_ACCOUNT: US_BANK,
  CLABE: MXN_BANK,
  PIX: BRL_PIX,
}

/** A bank account without identities of its own is identified by its required fields, bank name and account kind aside. */
const defaultIdentities = (shape: AccountTypeShape): AccountField[][] => [
  shape.required.filter((field) => field !== 'bankName' && field !== 'bankAccountType'),
]

const RULES = Object.fromEntries(
  ACCOUNT_TYPE_NAMES.map((accountType): [AccountType, AccountTypeRules] => {
    const shape: AccountTypeShape = ACCOUNT_TYPE_SHAPES[accountType]
    const policy = POLICIES[accountType]
    return [accountType, { ...shape, ...policy, identities: policy.identities ?? defaultIdentities(shape) }]
  }),
) as Record<AccountType, AccountTypeRules>

export const rulesOf = (accountType: AccountType): AccountTypeRules => RULES[accountType]
