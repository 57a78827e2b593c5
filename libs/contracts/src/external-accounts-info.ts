import { z } from '@hono/zod-openapi'
import { CalendarDate } from './customer-fields.js'
import { AddressSchema } from './customers.js'

/**
 * The accountInfo of every external account type of the reference, plus the spec's US_ACCOUNT,
 * CLABE and PIX. The gateway checks shapes (required fields, lengths, patterns, enums); the ledger
 * also checks checksums (ABA, IBAN, CLABE, CPF/CNPJ) and wallet address formats.
 */
const text = (maxLength: number) => z.string().min(1).max(maxLength)
const shaped = (pattern: RegExp, minLength: number, maxLength = minLength) => z.string().min(minLength).max(maxLength).regex(pattern)
const digits = (min: number, max = min) => shaped(new RegExp(`^[0-9]{${min === max ? min : `${min},${max}`}}$`), min, max)
const phone = (pattern = /^\+[0-9]{6,14}$/) => shaped(pattern, 7, 15).openapi({ example: '+254712345678' })

const Country = shaped(/^[A-Z]{2}$/, 2).openapi({ example: 'US' })
const SwiftCode = shaped(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 8, 11).openapi({ example: 'DEUTDEFF' })
const Iban = shaped(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, 15, 34).openapi({ example: 'DE89370400440532013000' })
const RoutingNumber = digits(9).openapi({ example: '021000021' })
const BankAccountType = z.enum(['CHECKING', 'SAVINGS'])
const BankName = text(255)
const AccountNumber = text(34)
const Provider = text(255)
const WalletAddress = z.string().min(1).max(255)

const contact = {
  email: z.string().max(254).optional(),
  phoneNumber: z.string().max(32).optional(),
  countryOfResidence: Country.optional(),
}

const IndividualBeneficiary = z
  .object({
    beneficiaryType: z.literal('INDIVIDUAL'),
    fullName: text(255),
    birthDate: CalendarDate.optional(),
    nationality: Country.optional(),
    ...contact,
    address: AddressSchema.optional(),
  })
  .openapi('IndividualBeneficiary')

const BusinessBeneficiarySchema = z
  .object({
    beneficiaryType: z.literal('BUSINESS'),
    legalName: text(255),
    registrationNumber: text(64).optional(),
    taxId: text(64).optional(),
    ...contact,
    address: AddressSchema.optional(),
  })
  .openapi('BusinessBeneficiary')

type IndividualSchema = z.ZodObject<z.core.$ZodLooseShape>
const beneficiary = (individual: IndividualSchema = IndividualBeneficiary) =>
  z.discriminatedUnion('beneficiaryType', [individual, BusinessBeneficiarySchema])

const Beneficiary = beneficiary()
const WalletBeneficiary = beneficiary(
  z.object({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: text(255), countryOfResidence: Country }).openapi('WalletIndividualBeneficiary'),
)

const paymentRails = { paymentRails: z.array(z.string()).optional().openapi({ readOnly: true, description: 'Rails the account can be paid through' }) }

const pascal = (accountType: string) =>
  accountType.toLowerCase().split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')

const variant = <T extends z.core.$ZodLooseShape>(accountType: string, shape: T) =>
  z.object({ accountType: z.literal(accountType), ...shape, ...paymentRails }).openapi(`${pascal(accountType)}Info`)

const bank = <T extends z.core.$ZodLooseShape>(accountType: string, shape: T, individual?: IndividualSchema) =>
  variant(accountType, { ...shape, beneficiary: individual ? beneficiary(individual) : Beneficiary })

const mobileMoney = (accountType: string, phoneNumber = phone()) => bank(accountType, { phoneNumber, provider: Provider })
const regionalMobileMoney = (accountType: string, regions: [string, ...string[]]) =>
  bank(accountType, { phoneNumber: phone(), provider: Provider, region: z.enum(regions) })

const bankOrMobile = <T extends z.core.$ZodLooseShape>(accountType: string, shape: T = {} as T) =>
  bank(accountType, { accountNumber: AccountNumber.optional(), bankName: BankName, phoneNumber: phone().optional(), ...shape })

const swiftBank = (accountType: string) => bank(accountType, { bankName: BankName, accountNumber: AccountNumber, swiftCode: SwiftCode })

const wallet = (accountType: string) =>
  variant(accountType, { address: WalletAddress, vaspName: text(255).optional(), beneficiary: WalletBeneficiary.optional() })

const individualWith = (name: string, shape: z.core.$ZodLooseShape) => IndividualBeneficiary.extend(shape).openapi(name)

const usBank = (accountType: string, accountKindField: 'bankAccountType' | 'accountCategory') =>
  bank(accountType, {
    accountNumber: AccountNumber,
    routingNumber: RoutingNumber,
    bankName: text(140).optional(),
    [accountKindField]: BankAccountType.optional(),
    intermediaryBankName: text(140).optional(),
    intermediaryRoutingNumber: RoutingNumber.optional(),
    fiToFiInformation: z.string().max(210).optional(),
  })

const pix = (accountType: string) =>
  bank(accountType, {
    pixKey: text(77),
    pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']),
    taxId: digits(11, 14).openapi({ description: 'CPF (11 digits) or CNPJ (14 digits)' }),
  })

const clabe = (accountType: string) => bank(accountType, { clabeNumber: digits(18), bankName: BankName.optional() })

export const ExternalAccountInfoSchema = z
  .discriminatedUnion('accountType', [
    bank(
      'AED_ACCOUNT',
      { iban: shaped(/^AE[0-9]{21}$/, 23), swiftCode: SwiftCode.optional() },
      individualWith('AedIndividualBeneficiary', { address: AddressSchema }),
    ),
    bankOrMobile('BDT_ACCOUNT', { branchCode: digits(5).optional(), swiftCode: SwiftCode.optional() }),
    pix('BRL_ACCOUNT'),
    mobileMoney('BWP_ACCOUNT'),
    bank(
      'CAD_ACCOUNT',
      { bankCode: digits(3), branchCode: digits(5), accountNumber: digits(7, 12) },
      individualWith('CadIndividualBeneficiary', { registrationNumber: text(64).optional() }),
    ),
    bankOrMobile('CNY_ACCOUNT'),
    bank(
      'COP_ACCOUNT',
      { accountNumber: AccountNumber.optional(), bankAccountType: BankAccountType.optional(), bankName: BankName, phoneNumber: phone().optional() },
      individualWith('CopIndividualBeneficiary', { documentType: z.enum(['CC', 'CE', 'TI', 'NIT', 'PP']).optional(), documentNumber: text(50).optional() }),
    ),
    bank('DKK_ACCOUNT', { iban: shaped(/^DK[0-9]{16}$/, 18), swiftCode: SwiftCode.optional() }),
    bank('EGP_ACCOUNT', { iban: shaped(/^EG[0-9]{27}$/, 29).optional(), bankName: BankName, phoneNumber: phone().optional() }),
    bank('EUR_ACCOUNT', { iban: Iban, swiftCode: SwiftCode.optional() }, individualWith('EurIndividualBeneficiary', { countryOfResidence: Country })),
    bank('GBP_ACCOUNT', { sortCode: digits(6), accountNumber: digits(8) }),
    bankOrMobile('GHS_ACCOUNT'),
    bank(
      'GTQ_ACCOUNT',
      { accountNumber: AccountNumber, bankAccountType: BankAccountType, bankName: BankName },
      individualWith('GtqIndividualBeneficiary', { countryOfResidence: Country, phoneNumber: z.string().max(32) }),
    ),
    swiftBank('HKD_ACCOUNT'),
    bank('HTG_ACCOUNT', { phoneNumber: phone() }),
    bank('IDR_ACCOUNT', { bankName: BankName, accountNumber: AccountNumber, swiftCode: SwiftCode, phoneNumber: phone(/^\+62[0-9]{9,12}$/) }),
    bank('INR_ACCOUNT', {
      vpa: shaped(/^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9]+$/, 3, 255).optional(),
      accountNumber: digits(9, 18).optional(),
      ifsc: shaped(/^[A-Z]{4}0[A-Z0-9]{6}$/, 11).optional(),
      rail: z.enum(['NEFT', 'RTGS']).optional(),
      bankName: BankName.optional(),
    }),
    bank(
      'JMD_ACCOUNT',
      { accountNumber: AccountNumber, branchCode: digits(5), bankAccountType: BankAccountType, bankName: BankName },
      individualWith('JmdIndividualBeneficiary', { phoneNumber: z.string().max(32), address: AddressSchema }),
    ),
    mobileMoney('KES_ACCOUNT', phone(/^\+254[0-9]{9}$/)),
    mobileMoney('MWK_ACCOUNT'),
    clabe('MXN_ACCOUNT'),
    swiftBank('MYR_ACCOUNT'),
    bank('NGN_ACCOUNT', { accountNumber: digits(10), bankName: BankName }),
    bank('PHP_ACCOUNT', { bankName: BankName, accountNumber: digits(8, 16) }),
    bankOrMobile('PKR_ACCOUNT', { iban: shaped(/^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/, 24).optional() }),
    mobileMoney('RWF_ACCOUNT', phone(/^\+250[0-9]{9}$/)),
    bank('SGD_ACCOUNT', { bankName: BankName.optional(), accountNumber: AccountNumber, swiftCode: SwiftCode }),
    bank('SLV_ACCOUNT', {
      bankName: BankName.optional(),
      accountNumber: AccountNumber.optional(),
      bankAccountType: BankAccountType.optional(),
      phoneNumber: phone().optional(),
    }),
    swiftBank('THB_ACCOUNT'),
    mobileMoney('TZS_ACCOUNT', phone(/^\+255[0-9]{9}$/)),
    mobileMoney('UGX_ACCOUNT'),
    usBank('USD_ACCOUNT', 'bankAccountType'),
    swiftBank('VND_ACCOUNT'),
    regionalMobileMoney('XAF_ACCOUNT', ['CM', 'CG']),
    regionalMobileMoney('XOF_ACCOUNT', ['BJ', 'CI', 'SN', 'TG']),
    bank('ZAR_ACCOUNT', { accountNumber: digits(9, 13), bankName: BankName }),
    mobileMoney('ZMW_ACCOUNT', phone(/^\+260[0-9]{9}$/)),
    bank('SWIFT_ACCOUNT', { country: Country, swiftCode: SwiftCode, bankName: BankName, accountNumber: AccountNumber.optional(), iban: Iban.optional() }),
    wallet('BASE_WALLET'),
    wallet('ETHEREUM_WALLET'),
    variant('LIGHTNING', {
      invoice: z.string().min(1).max(7089).optional().openapi({ description: 'A BOLT 11 invoice' }),
      bolt12: z.string().min(1).max(7089).optional().openapi({ description: 'A BOLT 12 offer' }),
      lightningAddress: z.string().min(1).max(320).optional().openapi({ example: 'john.doe@lightningwallet.com' }),
    }),
    wallet('POLYGON_WALLET'),
    wallet('PLASMA_WALLET'),
    wallet('SOLANA_WALLET'),
    wallet('SPARK_WALLET'),
    wallet('TRON_WALLET'),
    usBank('US_ACCOUNT', 'accountCategory'),
    clabe('CLABE'),
    pix('PIX'),
  ])
  .openapi('ExternalAccountInfo')

export type ExternalAccountInfoJson = z.infer<typeof ExternalAccountInfoSchema>
