import type { UpdatePlatformConfigRequest } from '@pp/proto/platform/v1/platform'
import type { PlatformConfigUpdateRequest } from '@pp/contracts'

/** A PATCH body as its request: amounts become int64, lists are wrapped so that omitted differs from empty. */
export function updateRequestToProto(body: PlatformConfigUpdateRequest): UpdatePlatformConfigRequest {
  return {
    umaDomain: body.umaDomain,
    webhookEndpoint: body.webhookEndpoint,
    supportedCurrencies: body.supportedCurrencies && {
      // the read-only providerRequiredCustomerFields is not sent
      items: body.supportedCurrencies.map((c) => ({
        currencyCode: c.currencyCode,
        minAmount: BigInt(c.minAmount),
        maxAmount: BigInt(c.maxAmount),
        requiredCounterpartyFields: c.requiredCounterpartyFields,
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
    extendedWebhookTypes: body.extendedWebhookTypes,
  }
}
