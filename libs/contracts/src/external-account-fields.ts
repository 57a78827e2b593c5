/**
 * The field rules of every external account type, declared once as plain data: the gateway builds
 * its zod schema (validation and OpenAPI) from them, and the ledger checks the same rules plus
 * each field's `format` (checksums, chain address formats), which only it implements. No zod here,
 * so the ledger loads this module at run time without loading the schema library.
 */

/** Every field an `accountInfo` of some account type may carry, besides accountType and beneficiary. */
export const ACCOUNT_FIELDS = [
  'accountNumber', 'routingNumber', 'bankName', 'bankAccountType', 'accountCategory', 'intermediaryBankName',
  'intermediaryRoutingNumber', 'fiToFiInformation', 'iban', 'swiftCode', 'branchCode', 'bankCode', 'sortCode',
  'clabeNumber', 'pixKey', 'pixKeyType', 'taxId', 'phoneNumber', 'provider', 'region', 'country', 'vpa', 'ifsc',
  'rail', 'address', 'vaspName', 'invoice', 'bolt12', 'lightningAddress',
] as const
export type AccountField = (typeof ACCOUNT_FIELDS)[number]

/** The text fields of a beneficiary (its address aside). */
export const BENEFICIARY_FIELDS = [
  'beneficiaryType', 'fullName', 'legalName', 'registrationNumber', 'taxId', 'birthDate', 'nationality', 'email',
  'phoneNumber', 'countryOfResidence', 'documentType', 'documentNumber',
] as const
export type BeneficiaryField = (typeof BENEFICIARY_FIELDS)[number]

/** A check beyond a field's shape, named here and implemented by the ledger. */
export type FieldFormat =
  | 'aba-routing' | 'iban' | 'clabe' | 'brazil-tax-id' | 'pix-key' | 'calendar-date'
  | 'evm-address' | 'solana-address' | 'tron-address' | 'spark-address' | 'bolt11' | 'bolt12' | 'lightning-address'

/** How one text field is checked: its shape, then (when the shape holds) its format. */
export interface FieldShape {
  pattern?: RegExp
  minLength?: number
  maxLength?: number
  enum?: readonly [string, ...string[]]
  format?: FieldFormat
  example?: string
  description?: string
}

/** What one kind of beneficiary needs (`required`), may carry (`allowed`), and its address. */
export interface BeneficiaryKindShape {
  required: BeneficiaryField[]
  allowed: BeneficiaryField[]
  address: 'REQUIRED' | 'OPTIONAL' | 'NONE'
}

/** The beneficiary of an account type; a business beneficiary is the same for every type. */
export interface BeneficiaryShape {
  isRequired: boolean
  individual: BeneficiaryKindShape
  /** Where the individual differs from the common one: the name of its own published schema. */
  individualSchemaName?: string
}

export interface AccountTypeShape {
  fields: Partial<Record<AccountField, FieldShape>>
  required: AccountField[]
  /** Field sets of which at least one (exactly one with `isExactlyOne`) must be complete. */
  alternatives?: AccountField[][]
  isExactlyOne?: boolean
  beneficiary?: BeneficiaryShape
}

const text = (maxLength: number): FieldShape => ({ minLength: 1, maxLength })
const shaped = (pattern: RegExp, minLength: number, maxLength = minLength): FieldShape => ({ pattern, minLength, maxLength })
const digits = (min: number, max = min): FieldShape =>
  shaped(new RegExp(`^[0-9]{${min === max ? min : `${min},${max}`}}$`), min, max)
const phone = (pattern = /^\+[0-9]{6,14}$/): FieldShape => ({ ...shaped(pattern, 7, 15), example: '+254712345678' })
const iban = (pattern: RegExp, minLength: number, maxLength = minLength): FieldShape => ({ ...shaped(pattern, minLength, maxLength), format: 'iban' })

const COUNTRY: FieldShape = { ...shaped(/^[A-Z]{2}$/, 2), example: 'US' }
const SWIFT_CODE: FieldShape = { ...shaped(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 8, 11), example: 'DEUTDEFF' }
const ANY_IBAN: FieldShape = { ...iban(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, 15, 34), example: 'DE89370400440532013000' }
const ROUTING_NUMBER: FieldShape = { ...digits(9), format: 'aba-routing', example: '021000021' }
const BANK_ACCOUNT_TYPE: FieldShape = { enum: ['CHECKING', 'SAVINGS'] }
const BANK_NAME = text(255)
const ACCOUNT_NUMBER = text(34)
const PROVIDER = text(255)
const CLABE: FieldShape = { ...digits(18), format: 'clabe' }
const walletAddress = (format: FieldFormat, maxLength = 255): FieldShape => ({ ...text(maxLength), format })

const CONTACT_FIELDS: BeneficiaryField[] = ['email', 'phoneNumber', 'countryOfResidence']

/** Shapes of the beneficiary's text fields. */
export const BENEFICIARY_FIELD_SHAPES: Record<BeneficiaryField, FieldShape> = {
  beneficiaryType: { enum: ['INDIVIDUAL', 'BUSINESS'] },
  fullName: text(255),
  legalName: text(255),
  birthDate: { pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'calendar-date' },
  nationality: COUNTRY,
  email: { maxLength: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ },
  phoneNumber: { maxLength: 32, pattern: /^\+[1-9][0-9]{1,14}$/ },
  countryOfResidence: COUNTRY,
  registrationNumber: text(64),
  taxId: text(64),
  documentType: { enum: ['CC', 'CE', 'TI', 'NIT', 'PP'] },
  documentNumber: text(50),
}

export const BUSINESS_BENEFICIARY: BeneficiaryKindShape = {
  required: ['legalName'],
  allowed: ['registrationNumber', 'taxId', ...CONTACT_FIELDS],
  address: 'OPTIONAL',
}

const schemaNameOf = (accountType: string): string => {
  const prefix = accountType.split('_')[0]!
  return `${prefix.charAt(0)}${prefix.slice(1).toLowerCase()}IndividualBeneficiary`
}

/**
 * The individual beneficiary of a bank account: a full name, optional identity and contact
 * details; some corridors require more (`required`), take more (`allowed`) or need the address,
 * and then publish their own schema, named after the account type.
 */
function bankBeneficiary(accountType: string, extra: Partial<BeneficiaryKindShape> = {}): BeneficiaryShape {
  const individual: BeneficiaryKindShape = {
    required: ['fullName', ...(extra.required ?? [])],
    allowed: ['birthDate', 'nationality', ...CONTACT_FIELDS, ...(extra.allowed ?? [])],
    address: extra.address ?? 'OPTIONAL',
  }
  const differs = Object.keys(extra).length > 0
  return { isRequired: true, individual, ...(differs && { individualSchemaName: schemaNameOf(accountType) }) }
}

/** A wallet's owner is optional (a first-party wallet is the customer's own). */
const WALLET_BENEFICIARY: BeneficiaryShape = {
  isRequired: false,
  individual: { required: ['fullName', 'countryOfResidence'], allowed: [], address: 'NONE' },
  individualSchemaName: 'WalletIndividualBeneficiary',
}

type Shape = Omit<AccountTypeShape, 'beneficiary'>

const bank = (accountType: string, shape: Shape, beneficiary: Partial<BeneficiaryKindShape> = {}): AccountTypeShape => ({
  ...shape,
  beneficiary: bankBeneficiary(accountType, beneficiary),
})

const mobileMoney = (accountType: string, phoneNumber = phone()): AccountTypeShape =>
  bank(accountType, { fields: { phoneNumber, provider: PROVIDER }, required: ['phoneNumber', 'provider'] })

const regionalMobileMoney = (accountType: string, regions: [string, ...string[]]): AccountTypeShape =>
  bank(accountType, {
    fields: { phoneNumber: phone(), provider: PROVIDER, region: { enum: regions } },
    required: ['phoneNumber', 'provider', 'region'],
  })

const BANK_OR_MOBILE_FIELDS = { accountNumber: ACCOUNT_NUMBER, bankName: BANK_NAME, phoneNumber: phone() }

/** Bank transfer or mobile money, told apart by which identifier is sent; `extra` adds fields. */
const bankOrMobile = (accountType: string, extra: Partial<Record<AccountField, FieldShape>> = {}): AccountTypeShape =>
  bank(accountType, {
    fields: { ...BANK_OR_MOBILE_FIELDS, ...extra },
    required: ['bankName'],
    alternatives: [['accountNumber'], ['phoneNumber']],
  })

/** Accounts named by bank, account number and SWIFT code. */
const swiftBank = (accountType: string): AccountTypeShape =>
  bank(accountType, {
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE },
    required: ['bankName', 'accountNumber', 'swiftCode'],
  })

const ibanBank = (accountType: string, ibanShape: FieldShape, beneficiary?: Partial<BeneficiaryKindShape>): AccountTypeShape =>
  bank(accountType, { fields: { iban: ibanShape, swiftCode: SWIFT_CODE }, required: ['iban'] }, beneficiary)

const wallet = (format: FieldFormat): AccountTypeShape => ({
  fields: { address: walletAddress(format), vaspName: text(255) },
  required: ['address'],
  beneficiary: WALLET_BENEFICIARY,
})

const usBank = (accountType: string, accountKindField: 'bankAccountType' | 'accountCategory'): AccountTypeShape =>
  bank(accountType, {
    fields: {
      accountNumber: ACCOUNT_NUMBER,
      routingNumber: ROUTING_NUMBER,
      bankName: text(140),
      [accountKindField]: BANK_ACCOUNT_TYPE,
      intermediaryBankName: text(140),
      intermediaryRoutingNumber: ROUTING_NUMBER,
      fiToFiInformation: { maxLength: 210 },
    },
    required: ['accountNumber', 'routingNumber'],
  })

const pix = (accountType: string): AccountTypeShape =>
  bank(accountType, {
    fields: {
      pixKey: { ...text(77), format: 'pix-key' },
      pixKeyType: { enum: ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] },
      taxId: { ...digits(11, 14), format: 'brazil-tax-id', description: 'CPF (11 digits) or CNPJ (14 digits)' },
    },
    required: ['pixKey', 'pixKeyType', 'taxId'],
  })

const clabe = (accountType: string): AccountTypeShape =>
  bank(accountType, { fields: { clabeNumber: CLABE, bankName: BANK_NAME }, required: ['clabeNumber'] })

const fixed = (accountType: string, fields: Partial<Record<AccountField, FieldShape>>, beneficiary?: Partial<BeneficiaryKindShape>) =>
  bank(accountType, { fields, required: Object.keys(fields) as AccountField[] }, beneficiary)

/**
 * Every account type of the reference (ExternalAccountCreateInfoOneOf), plus the spec's names
 * US_ACCOUNT (with `accountCategory`), CLABE and PIX for the US, Mexican and Brazilian accounts.
 */
export const ACCOUNT_TYPE_SHAPES = {
  AED_ACCOUNT: ibanBank('AED_ACCOUNT', iban(/^AE[0-9]{21}$/, 23), { address: 'REQUIRED' }),
  BDT_ACCOUNT: bankOrMobile('BDT_ACCOUNT', { branchCode: digits(5), swiftCode: SWIFT_CODE }),
  BRL_ACCOUNT: pix('BRL_ACCOUNT'),
  BWP_ACCOUNT: mobileMoney('BWP_ACCOUNT'),
  CAD_ACCOUNT: fixed('CAD_ACCOUNT', { bankCode: digits(3), branchCode: digits(5), accountNumber: digits(7, 12) }, { allowed: ['registrationNumber'] }),
  CNY_ACCOUNT: bankOrMobile('CNY_ACCOUNT'),
  COP_ACCOUNT: bank(
    'COP_ACCOUNT',
    {
      fields: { accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME, phoneNumber: phone() },
      required: ['bankName'],
      alternatives: [['accountNumber', 'bankAccountType'], ['phoneNumber']],
    },
    { allowed: ['documentType', 'documentNumber'] },
  ),
  DKK_ACCOUNT: ibanBank('DKK_ACCOUNT', iban(/^DK[0-9]{16}$/, 18)),
  EGP_ACCOUNT: bank('EGP_ACCOUNT', {
    fields: { iban: iban(/^EG[0-9]{27}$/, 29), bankName: BANK_NAME, phoneNumber: phone() },
    required: ['bankName'],
    alternatives: [['iban'], ['phoneNumber']],
  }),
  EUR_ACCOUNT: ibanBank('EUR_ACCOUNT', ANY_IBAN, { required: ['countryOfResidence'] }),
  GBP_ACCOUNT: fixed('GBP_ACCOUNT', { sortCode: digits(6), accountNumber: digits(8) }),
  GHS_ACCOUNT: bankOrMobile('GHS_ACCOUNT'),
  GTQ_ACCOUNT: fixed(
    'GTQ_ACCOUNT',
    { accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME },
    { required: ['countryOfResidence', 'phoneNumber'] },
  ),
  HKD_ACCOUNT: swiftBank('HKD_ACCOUNT'),
  HTG_ACCOUNT: fixed('HTG_ACCOUNT', { phoneNumber: phone() }),
  IDR_ACCOUNT: fixed('IDR_ACCOUNT', {
    bankName: BANK_NAME,
    accountNumber: ACCOUNT_NUMBER,
    swiftCode: SWIFT_CODE,
    phoneNumber: phone(/^\+62[0-9]{9,12}$/),
  }),
  INR_ACCOUNT: bank('INR_ACCOUNT', {
    fields: {
      vpa: shaped(/^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9]+$/, 3, 255),
      accountNumber: digits(9, 18),
      ifsc: shaped(/^[A-Z]{4}0[A-Z0-9]{6}$/, 11),
      rail: { enum: ['NEFT', 'RTGS'] },
      bankName: BANK_NAME,
    },
    required: [],
    alternatives: [['accountNumber', 'ifsc', 'rail'], ['vpa']],
  }),
  JMD_ACCOUNT: fixed(
    'JMD_ACCOUNT',
    { accountNumber: ACCOUNT_NUMBER, branchCode: digits(5), bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME },
    { required: ['phoneNumber'], address: 'REQUIRED' },
  ),
  KES_ACCOUNT: mobileMoney('KES_ACCOUNT', phone(/^\+254[0-9]{9}$/)),
  MWK_ACCOUNT: mobileMoney('MWK_ACCOUNT'),
  MXN_ACCOUNT: clabe('MXN_ACCOUNT'),
  MYR_ACCOUNT: swiftBank('MYR_ACCOUNT'),
  NGN_ACCOUNT: fixed('NGN_ACCOUNT', { accountNumber: digits(10), bankName: BANK_NAME }),
  PHP_ACCOUNT: fixed('PHP_ACCOUNT', { bankName: BANK_NAME, accountNumber: digits(8, 16) }),
  PKR_ACCOUNT: bank('PKR_ACCOUNT', {
    fields: { ...BANK_OR_MOBILE_FIELDS, iban: iban(/^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/, 24) },
    required: ['bankName'],
    alternatives: [['accountNumber'], ['iban'], ['phoneNumber']],
  }),
  RWF_ACCOUNT: mobileMoney('RWF_ACCOUNT', phone(/^\+250[0-9]{9}$/)),
  SGD_ACCOUNT: bank('SGD_ACCOUNT', {
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE },
    required: ['accountNumber', 'swiftCode'],
  }),
  SLV_ACCOUNT: bank('SLV_ACCOUNT', {
    fields: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, phoneNumber: phone() },
    required: [],
    alternatives: [['bankAccountType', 'accountNumber'], ['phoneNumber']],
  }),
  THB_ACCOUNT: swiftBank('THB_ACCOUNT'),
  TZS_ACCOUNT: mobileMoney('TZS_ACCOUNT', phone(/^\+255[0-9]{9}$/)),
  UGX_ACCOUNT: mobileMoney('UGX_ACCOUNT'),
  USD_ACCOUNT: usBank('USD_ACCOUNT', 'bankAccountType'),
  VND_ACCOUNT: swiftBank('VND_ACCOUNT'),
  XAF_ACCOUNT: regionalMobileMoney('XAF_ACCOUNT', ['CM', 'CG']),
  XOF_ACCOUNT: regionalMobileMoney('XOF_ACCOUNT', ['BJ', 'CI', 'SN', 'TG']),
  ZAR_ACCOUNT: fixed('ZAR_ACCOUNT', { accountNumber: digits(9, 13), bankName: BANK_NAME }),
  ZMW_ACCOUNT: mobileMoney('ZMW_ACCOUNT', phone(/^\+260[0-9]{9}$/)),
  SWIFT_ACCOUNT: bank('SWIFT_ACCOUNT', {
    fields: { country: COUNTRY, swiftCode: SWIFT_CODE, bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, iban: ANY_IBAN },
    required: ['country', 'swiftCode', 'bankName'],
    alternatives: [['accountNumber'], ['iban']],
  }),
  BASE_WALLET: wallet('evm-address'),
  ETHEREUM_WALLET: wallet('evm-address'),
  // BOLT 11 invoices and BOLT 12 offers run to thousands of characters; an address is an email's length
  LIGHTNING: {
    fields: {
      invoice: { ...walletAddress('bolt11', 7089), description: 'A BOLT 11 invoice' },
      bolt12: { ...walletAddress('bolt12', 7089), description: 'A BOLT 12 offer' },
      lightningAddress: { ...walletAddress('lightning-address', 320), example: 'john.doe@lightningwallet.com' },
    },
    required: [],
    alternatives: [['invoice'], ['bolt12'], ['lightningAddress']],
    isExactlyOne: true,
  },
  POLYGON_WALLET: wallet('evm-address'),
  PLASMA_WALLET: wallet('evm-address'),
  SOLANA_WALLET: wallet('solana-address'),
  SPARK_WALLET: wallet('spark-address'),
  TRON_WALLET: wallet('tron-address'),
  US_ACCOUNT: usBank('US_ACCOUNT', 'accountCategory'),
  CLABE: clabe('CLABE'),
  PIX: pix('PIX'),
} satisfies Record<string, AccountTypeShape>

export type AccountType = keyof typeof ACCOUNT_TYPE_SHAPES
export const ACCOUNT_TYPE_NAMES = Object.keys(ACCOUNT_TYPE_SHAPES) as AccountType[]
export const isAccountType = (value: string): value is AccountType => Object.hasOwn(ACCOUNT_TYPE_SHAPES, value)
