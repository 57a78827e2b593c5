import type {
  FeeConfig as ProtoFeeConfig,
  PlatformFacts,
  UpdatePlatformConfigRequest,
} from '@pp/proto/platform/v1/platform'
import type { ConfigUpdate, FeeConfig, PlatformConfig } from '../domain/types.js'

/** The facts of a configuration that the other services act on. */
export const configFacts = (config: PlatformConfig): PlatformFacts => ({
  isRegulatedFinancialInstitution: config.isRegulatedFinancialInstitution,
  skipVerificationPaperwork: config.skipVerificationPaperwork,
  webhookEndpoint: config.webhookEndpoint,
  supportedCurrencies: config.supportedCurrencies.map((c) => c.currencyCode),
  feeConfigs: config.feeConfigs,
  umaDomain: config.umaDomain,
})

export function configUpdateFromProto(req: UpdatePlatformConfigRequest): ConfigUpdate {
  return {
    umaDomain: req.umaDomain,
    webhookEndpoint: req.webhookEndpoint,
    supportedCurrencies: req.supportedCurrencies?.items,
    embeddedWalletConfig: req.embeddedWalletConfig,
    cardTokenization2faConfig: req.cardTokenization2faConfig,
    feeConfigs: req.feeConfigs?.items.map(feeFromProto),
    skipVerificationPaperwork: req.skipVerificationPaperwork,
    extendedWebhookTypes: req.extendedWebhookTypes,
  }
}

/** A missing fixed fee arrives as an empty one, which the domain refuses by its currency. */
const feeFromProto = (f: ProtoFeeConfig): FeeConfig => ({
  feeType: f.feeType,
  sourceCurrency: f.sourceCurrency,
  variableFeeBps: f.variableFeeBps,
  fixedFee: f.fixedFee ?? { amount: 0n, currency: '' },
})
