import type { CardTokenization2faConfig, CounterpartyFieldDefinition, EmbeddedWalletConfig, PlatformConfig, PlatformConfigView } from '../types.js'
import { providerRequiredCustomerFields } from './field-names.js'
import type { ConfigRecord } from './types.js'

/** The PlatformConfig resource of one environment, with what the service derives (provider requirements). */
export function toPlatformConfig(record: ConfigRecord): PlatformConfig {
  return {
    id: record.id,
    umaDomain: record.umaDomain ?? undefined,
    proxyUmaSubdomain: record.proxyUmaSubdomain ?? undefined,
    webhookEndpoint: record.webhookEndpoint ?? undefined,
    supportedCurrencies: record.currencies.map((c) => ({
      currencyCode: c.currencyCode,
      minAmount: c.minAmount,
      maxAmount: c.maxAmount,
      // written only by this service, from validated input
      requiredCounterpartyFields: c.requiredCounterpartyFields as unknown as CounterpartyFieldDefinition[],
      enabledTransactionTypes: c.enabledTransactionTypes,
      providerRequiredCustomerFields: providerRequiredCustomerFields(c.currencyCode),
    })),
    isRegulatedFinancialInstitution: record.platform.isRegulatedFinancialInstitution,
    skipVerificationPaperwork: record.skipVerificationPaperwork,
    extendedWebhookTypes: record.extendedWebhookTypes,
    embeddedWalletConfig: (record.embeddedWalletConfig as EmbeddedWalletConfig | null) ?? undefined,
    cardTokenization2faConfig: (record.cardTokenization2faConfig as CardTokenization2faConfig | null) ?? undefined,
    feeConfigs: record.fees.map((f) => ({
      feeType: f.feeType,
      sourceCurrency: f.sourceCurrency,
      variableFeeBps: f.variableFeeBps,
      fixedFee: { amount: f.fixedFeeAmount, currency: f.fixedFeeCurrency },
    })),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

type CurrencyConfigJson = PlatformConfigView['supportedCurrencies'][number]
type FeeConfigJson = PlatformConfigView['feeConfigs'][number]

/**
 * The PlatformConfig as the API shows it, the same value PLATFORM.CONFIG_UPDATED carries: amounts
 * as JSON numbers (validated to be safe integers), times as ISO 8601 strings. Field names,
 * transaction types and fee types are stored as strings, each one of the contract's values since
 * config-rules checked it before it was written.
 */
export function configView(config: PlatformConfig): PlatformConfigView {
  return {
    ...config,
    supportedCurrencies: config.supportedCurrencies.map((c) => ({
      currencyCode: c.currencyCode,
      minAmount: Number(c.minAmount),
      maxAmount: Number(c.maxAmount),
      requiredCounterpartyFields: c.requiredCounterpartyFields as CurrencyConfigJson['requiredCounterpartyFields'],
      // omitted when the provider needs nothing, as the reference does
      ...(c.providerRequiredCustomerFields.length > 0 ? { providerRequiredCustomerFields: c.providerRequiredCustomerFields } : {}),
      enabledTransactionTypes: c.enabledTransactionTypes as CurrencyConfigJson['enabledTransactionTypes'],
    })),
    feeConfigs: config.feeConfigs.map((f) => ({
      ...f,
      feeType: f.feeType as FeeConfigJson['feeType'],
      fixedFee: { amount: Number(f.fixedFee.amount), currency: f.fixedFee.currency },
    })),
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
  }
}
