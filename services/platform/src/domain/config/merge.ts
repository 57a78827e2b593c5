import type { CardTokenization2faConfig, EmbeddedWalletConfig, FeeConfig } from '../types.js'

/**
 * PATCH semantics of the nested configuration: fields the request leaves out keep their stored
 * value, at every level.
 */
export function mergeEmbeddedWallet(stored: EmbeddedWalletConfig | undefined, patch: EmbeddedWalletConfig): EmbeddedWalletConfig {
  return { ...stored, ...definedFields(patch) }
}

export function mergeCardTokenization(
  stored: CardTokenization2faConfig | undefined,
  patch: CardTokenization2faConfig,
): CardTokenization2faConfig {
  const merged: CardTokenization2faConfig = { ...stored, ...definedFields({ displayName: patch.displayName, logoUrl: patch.logoUrl }) }
  if (patch.email) merged.email = { ...stored?.email, ...definedFields(patch.email) }
  if (patch.sms) merged.sms = { ...stored?.sms, ...definedFields(patch.sms) }
  return merged
}

/**
 * Upserts fees by (feeType, sourceCurrency); a fee whose variable and fixed parts are both zero
 * is deactivated, that is, removed from the active list.
 */
export function mergeFees(stored: FeeConfig[], patch: FeeConfig[]): FeeConfig[] {
  const key = (f: FeeConfig) => `${f.feeType}/${f.sourceCurrency}`
  const byKey = new Map(stored.map((f) => [key(f), f]))
  for (const fee of patch) {
    if (fee.variableFeeBps === 0 && fee.fixedFee.amount === 0n) byKey.delete(key(fee))
    else byKey.set(key(fee), fee)
  }
  return [...byKey.values()]
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
