import { createRoute, z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type {
  CurrencyConfig,
  FeeConfig,
  PlatformConfig,
  PlatformServiceClient,
  UpdatePlatformConfigRequest,
} from '@pp/proto/platform/v1/platform'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses, isoTimestamp } from '../schemas/common.js'
import { json, jsonBody } from './json-responses.js'

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

const PlatformConfigSchema = z
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
    embeddedWalletConfig: EmbeddedWalletConfig.optional(),
    cardTokenization2faConfig: CardTokenization2FAConfig.optional(),
    feeConfigs: z.array(FeeConfigSchema),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PlatformConfig')

const PlatformConfigUpdateRequest = z
  .object({
    umaDomain: z.string().min(1),
    webhookEndpoint: httpUrl,
    supportedCurrencies: z.array(PlatformCurrencyConfig),
    embeddedWalletConfig: EmbeddedWalletConfig,
    cardTokenization2faConfig: CardTokenization2FAConfig,
    feeConfigs: z.array(FeeConfigSchema),
    skipVerificationPaperwork: z.boolean(),
  })
  .partial()
  .openapi('PlatformConfigUpdateRequest')

type PlatformConfigJson = z.infer<typeof PlatformConfigSchema>
type UpdateJson = z.infer<typeof PlatformConfigUpdateRequest>

const getConfig = createRoute({
  method: 'get',
  path: '/config',
  operationId: 'getPlatformConfig',
  ...requires('VIEW'),
  tags: ['Platform Configuration'],
  summary: 'Get the platform configuration of the calling environment',
  responses: { 200: json(PlatformConfigSchema, 'The configuration'), ...errorResponses() },
})

const patchConfig = createRoute({
  method: 'patch',
  path: '/config',
  operationId: 'updatePlatformConfig',
  ...requires('MANAGE'),
  tags: ['Platform Configuration'],
  summary: 'Update the platform configuration; omitted fields stay unchanged',
  request: { body: jsonBody(PlatformConfigUpdateRequest) },
  responses: { 200: json(PlatformConfigSchema, 'The updated configuration'), ...errorResponses(400, 501) },
})

export function registerConfigRoutes(app: GatewayApp, platform: PlatformServiceClient): void {
  app.openapi(getConfig, async (c) => {
    const { config } = await callUnary(platform, platform.getPlatformConfig, {}, callContext(c))
    return c.json(configToJson(config!), 200)
  })
  app.openapi(patchConfig, async (c) => {
    const request = updateToProto(c.req.valid('json'))
    const { config } = await callUnary(platform, platform.updatePlatformConfig, request, callContext(c))
    return c.json(configToJson(config!), 200)
  })
}

function configToJson(config: PlatformConfig): PlatformConfigJson {
  return {
    id: config.id,
    umaDomain: config.umaDomain,
    proxyUmaSubdomain: config.proxyUmaSubdomain,
    webhookEndpoint: config.webhookEndpoint,
    supportedCurrencies: config.supportedCurrencies.map(currencyToJson),
    isRegulatedFinancialInstitution: config.isRegulatedFinancialInstitution,
    skipVerificationPaperwork: config.skipVerificationPaperwork,
    embeddedWalletConfig: config.embeddedWalletConfig,
    cardTokenization2faConfig: config.cardTokenization2faConfig,
    feeConfigs: config.feeConfigs.map(feeToJson),
    createdAt: isoTimestamp(config.createdAt)!,
    updatedAt: isoTimestamp(config.updatedAt)!,
  }
}

// The service checked these names against the same sets when it stored them.
const currencyToJson = (c: CurrencyConfig): PlatformConfigJson['supportedCurrencies'][number] => ({
  currencyCode: c.currencyCode,
  minAmount: Number(c.minAmount),
  maxAmount: Number(c.maxAmount),
  requiredCounterpartyFields: c.requiredCounterpartyFields as PlatformConfigJson['supportedCurrencies'][number]['requiredCounterpartyFields'],
  // omitted when the provider needs nothing, as the reference does
  providerRequiredCustomerFields:
    c.providerRequiredCustomerFields.length > 0 ? (c.providerRequiredCustomerFields as z.infer<typeof CustomerInfoFieldName>[]) : undefined,
  enabledTransactionTypes: c.enabledTransactionTypes as z.infer<typeof TransactionType>[],
})

const feeToJson = (f: FeeConfig): PlatformConfigJson['feeConfigs'][number] => ({
  feeType: f.feeType as z.infer<typeof FeeType>,
  sourceCurrency: f.sourceCurrency,
  variableFeeBps: f.variableFeeBps,
  fixedFee: { amount: Number(f.fixedFee?.amount ?? 0n), currency: f.fixedFee?.currency ?? f.sourceCurrency },
})

function updateToProto(body: UpdateJson): UpdatePlatformConfigRequest {
  return {
    umaDomain: body.umaDomain,
    webhookEndpoint: body.webhookEndpoint,
    supportedCurrencies: body.supportedCurrencies && {
      items: body.supportedCurrencies.map((c) => ({
        currencyCode: c.currencyCode,
        minAmount: BigInt(c.minAmount),
        maxAmount: BigInt(c.maxAmount),
        requiredCounterpartyFields: c.requiredCounterpartyFields,
        providerRequiredCustomerFields: [],
        enabledTransactionTypes: c.enabledTransactionTypes,
      })),
    },
    embeddedWalletConfig: body.embeddedWalletConfig,
    cardTokenization2faConfig: body.cardTokenization2faConfig,
    feeConfigs: body.feeConfigs && {
      items: body.feeConfigs.map((f) => ({
        feeType: f.feeType,
        sourceCurrency: f.sourceCurrency,
        variableFeeBps: f.variableFeeBps,
        fixedFee: { amount: BigInt(f.fixedFee.amount), currency: f.fixedFee.currency },
      })),
    },
    skipVerificationPaperwork: body.skipVerificationPaperwork,
  }
}
