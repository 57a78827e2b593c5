import type {
  CurrencyConfig as ProtoCurrencyConfig,
  FeeConfig as ProtoFeeConfig,
  PlatformConfig as ProtoPlatformConfig,
  UpdatePlatformConfigRequest,
} from '@pp/proto/platform/v1/platform'
import type { ConfigUpdate, CurrencyConfig, FeeConfig, PlatformConfig } from '../domain/types.js'

/** The domain configuration and the proto message share field names; nested parts map one to one. */
export const configToProto = (config: PlatformConfig): ProtoPlatformConfig => ({ ...config })

export function configUpdateFromProto(req: UpdatePlatformConfigRequest): ConfigUpdate {
  return {
    umaDomain: req.umaDomain,
    webhookEndpoint: req.webhookEndpoint,
    supportedCurrencies: req.supportedCurrencies?.items.map(currencyFromProto),
    embeddedWalletConfig: req.embeddedWalletConfig,
    cardTokenization2faConfig: req.cardTokenization2faConfig,
    feeConfigs: req.feeConfigs?.items.map(feeFromProto),
    skipVerificationPaperwork: req.skipVerificationPaperwork,
  }
}

/** providerRequiredCustomerFields is read-only, so whatever the caller sent there is dropped. */
const currencyFromProto = (c: ProtoCurrencyConfig): CurrencyConfig => ({
  currencyCode: c.currencyCode,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
  requiredCounterpartyFields: c.requiredCounterpartyFields,
  enabledTransactionTypes: c.enabledTransactionTypes,
})

/** A missing fixed fee arrives as an empty one, which the domain refuses by its currency. */
const feeFromProto = (f: ProtoFeeConfig): FeeConfig => ({
  feeType: f.feeType,
  sourceCurrency: f.sourceCurrency,
  variableFeeBps: f.variableFeeBps,
  fixedFee: f.fixedFee ?? { amount: 0n, currency: '' },
})
