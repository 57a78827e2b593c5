import { z } from '@hono/zod-openapi'
import { EXTENSION_WEBHOOK_TYPES } from '@pp/events'

const CUSTOMER_INFO_FIELD_NAMES = [
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID',
  'REGISTRATION_NUMBER', 'USER_TYPE', 'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME',
  'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY', 'IDENTIFIER', 'BUSINESS_TYPE',
  'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
] as const

const CustomerInfoFieldName = z.enum(CUSTOMER_INFO_FIELD_NAMES).openapi('CustomerInfoFieldName')
const TransactionType = z.enum(['INCOMING', 'OUTGOING']).openapi('TransactionType')
const FeeType = z.enum(['CROSS_CURRENCY_TRANSACTION']).openapi('FeeType')
/** Money at the edge: a JSON integer in the smallest unit, within the safe range. */
const amount = z.number().int().min(0).openapi({ type: 'integer', format: 'int64', example: 100 })
const currencyCode = z.string().min(1).openapi({ example: 'USD' })
const text = (maxLength: number) => z.string().max(maxLength)
const httpUrl = z.url({ protocol: /^https?$/ })

const CounterpartyFieldDefinition = z
  .object({ name: CustomerInfoFieldName, mandatory: z.boolean() })
  .openapi('CounterpartyFieldDefinition')

const PlatformCurrencyConfig = z
  .object({
    currencyCode,
    minAmount: amount,
    maxAmount: amount,
    requiredCounterpartyFields: z.array(CounterpartyFieldDefinition),
    providerRequiredCustomerFields: z.array(CustomerInfoFieldName).optional().openapi({ readOnly: true }),
    enabledTransactionTypes: z.array(TransactionType),
  })
  .openapi('PlatformCurrencyConfig')

const EmbeddedWalletConfig = z
  .object({
    appName: text(255),
    otpLength: z.number().int().min(4).max(12),
    alphanumeric: z.boolean(),
    expirationSeconds: z.number().int().min(1).max(86_400),
    sendFromEmailAddress: z.email().max(255),
    sendFromEmailSenderName: text(255),
    replyToEmailAddress: z.email().max(255),
    logoUrl: httpUrl.max(512),
  })
  .partial()
  .openapi('EmbeddedWalletConfig')

const CardTokenization2FAEmailConfig = z
  .object({
    fromAddress: z.email().max(255),
    fromName: text(255),
    replyToAddress: z.email().max(255),
    subject: text(255),
    bodyText: text(2_000),
  })
  .partial()
  .openapi('CardTokenization2FAEmailConfig')

const CardTokenization2FASmsConfig = z
  .object({ templateSid: text(64), bodyText: text(480) })
  .partial()
  .openapi('CardTokenization2FASmsConfig')

const CardTokenization2FAConfig = z
  .object({
    displayName: text(255),
    logoUrl: z.url({ protocol: /^https$/ }).max(512),
    email: CardTokenization2FAEmailConfig,
    sms: CardTokenization2FASmsConfig,
  })
  .partial()
  .openapi('CardTokenization2FAConfig')

const FixedFee = z.object({ amount, currency: currencyCode }).openapi('FixedFee')

const FeeConfigSchema = z
  .object({
    feeType: FeeType,
    sourceCurrency: currencyCode,
    variableFeeBps: z.number().int().min(0).max(10_000),
    fixedFee: FixedFee,
  })
  .openapi('FeeConfig')

const EXTENDED_WEBHOOK_TYPES =
  `An extension of this service: also send the webhook types it adds beyond the reference (${EXTENSION_WEBHOOK_TYPES.join(', ')}). ` +
  'Off by default, so a receiver that validates against the reference never meets a type it was not told about.'

export const PlatformConfigSchema = z
  .object({
    id: z.string().openapi({ example: 'PlatformConfig:019542f5-b3e7-1d02-0000-000000000003' }),
    umaDomain: z.string().optional(),
    proxyUmaSubdomain: z.string().optional(),
    webhookEndpoint: z.string().optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfig),
    isRegulatedFinancialInstitution: z.boolean(),
    skipVerificationPaperwork: z.boolean().openapi({
      description: 'Sandbox only: new customers are approved without a verification packet.',
    }),
    extendedWebhookTypes: z.boolean().openapi({ description: EXTENDED_WEBHOOK_TYPES }),
    embeddedWalletConfig: EmbeddedWalletConfig.optional(),
    cardTokenization2faConfig: CardTokenization2FAConfig.optional(),
    feeConfigs: z.array(FeeConfigSchema),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PlatformConfig')

export const PlatformConfigUpdateRequestSchema = z
  .object({
    umaDomain: z.string().min(1),
    webhookEndpoint: httpUrl.openapi({
      description: 'Must resolve to public addresses only; sandbox may also use loopback (127.0.0.1, localhost) for a local receiver.',
    }),
    supportedCurrencies: z.array(PlatformCurrencyConfig),
    embeddedWalletConfig: EmbeddedWalletConfig,
    cardTokenization2faConfig: CardTokenization2FAConfig,
    feeConfigs: z.array(FeeConfigSchema),
    skipVerificationPaperwork: z.boolean(),
    extendedWebhookTypes: z.boolean().openapi({ description: EXTENDED_WEBHOOK_TYPES }),
  })
  .partial()
  .openapi('PlatformConfigUpdateRequest')

export type PlatformConfig = z.output<typeof PlatformConfigSchema>
export type PlatformConfigUpdateRequest = z.infer<typeof PlatformConfigUpdateRequestSchema>
