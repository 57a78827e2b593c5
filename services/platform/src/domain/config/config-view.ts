import type { ConfigRecord } from '../../db/configs.db.js'
import type { CardTokenization2faConfig, CounterpartyFieldDefinition, EmbeddedWalletConfig, PlatformConfig } from '../types.js'
import { providerRequiredCustomerFields } from './field-names.js'

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

/** The configuration as event data: JSON numbers for amounts (validated to be safe integers), ISO dates. */
export function configEventData(config: PlatformConfig): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(config, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value)),
  ) as Record<string, unknown>
}
