import { endpointRefusal, type EgressRule, type ResolveHost } from '@pp/egress'
import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import { isSupportedCurrency } from '@pp/money'
import type { ConfigUpdate, CurrencyConfig, Environment, FeeConfig } from '../types.js'
import { CUSTOMER_INFO_FIELD_NAMES, FEE_SOURCE_CURRENCIES, FEE_TYPES, TRANSACTION_TYPES } from './field-names.js'

const BPS_MAX = 10_000
const AMOUNT_MAX = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * The business rules of a configuration update. All field errors are reported together
 * (400 INVALID_INPUT); a fee in a source currency not offered yet is 501 NOT_IMPLEMENTED.
 * `resolveHost` resolves the webhook endpoint's host, whose addresses the egress rule must let it reach.
 */
export async function validateConfigUpdate(update: ConfigUpdate, egress: EgressRule, resolveHost: ResolveHost): Promise<void> {
  const { environment } = egress
  const errors: FieldError[] = [
    ...(await checkWebhookEndpoint(update.webhookEndpoint, egress, resolveHost)),
    ...(update.umaDomain?.trim() === '' ? [{ field: 'umaDomain', message: 'must not be empty' }] : []),
    ...(update.supportedCurrencies ?? []).flatMap((c, i) => checkCurrency(c, `supportedCurrencies.${i}`)),
    ...duplicates((update.supportedCurrencies ?? []).map((c) => c.currencyCode), 'supportedCurrencies', 'currencyCode'),
    ...(update.feeConfigs ?? []).flatMap((f, i) => checkFee(f, `feeConfigs.${i}`)),
    ...duplicates((update.feeConfigs ?? []).map((f) => `${f.feeType}/${f.sourceCurrency}`), 'feeConfigs', 'sourceCurrency'),
  ]
  if (update.skipVerificationPaperwork && environment !== 'SANDBOX') {
    errors.push({ field: 'skipVerificationPaperwork', message: 'is a sandbox option' })
  }
  if (errors.length > 0) throw invalidInput(errors)
  const unsupported = (update.feeConfigs ?? []).find(
    (f) => !(FEE_SOURCE_CURRENCIES as readonly string[]).includes(f.sourceCurrency),
  )
  if (unsupported) {
    throw new ApiError('NOT_IMPLEMENTED', `Fees in source currency ${unsupported.sourceCurrency} are not supported yet`)
  }
}

/** An http(s) URL (https in production) whose host the egress rule lets webhooks reach (the rule of @pp/egress). */
async function checkWebhookEndpoint(url: string | undefined, egress: EgressRule, resolveHost: ResolveHost): Promise<FieldError[]> {
  if (url === undefined) return []
  const target = URL.canParse(url) ? new URL(url) : undefined
  if (target?.protocol !== 'https:' && target?.protocol !== 'http:') {
    return [{ field: 'webhookEndpoint', message: 'must be an http or https URL', constraint: { format: 'url' } }]
  }
  const refusal = await endpointRefusal(target, egress, resolveHost)
  if (!refusal) return []
  const allowed = egress.environment === 'SANDBOX' && egress.allowLoopback ? 'public or loopback addresses' : 'public addresses'
  return [{ field: 'webhookEndpoint', message: `must resolve to ${allowed} only: ${refusal}` }]
}

function checkCurrency(currency: CurrencyConfig, path: string): FieldError[] {
  const errors: FieldError[] = []
  if (!isSupportedCurrency(currency.currencyCode)) {
    errors.push({ field: `${path}.currencyCode`, message: `${currency.currencyCode || 'an empty code'} is not a supported currency` })
  }
  errors.push(...checkAmount(currency.minAmount, `${path}.minAmount`), ...checkAmount(currency.maxAmount, `${path}.maxAmount`))
  if (currency.minAmount > currency.maxAmount) {
    errors.push({ field: `${path}.minAmount`, message: 'must not exceed maxAmount' })
  }
  currency.requiredCounterpartyFields.forEach((f, i) => {
    errors.push(...checkMember(f.name, CUSTOMER_INFO_FIELD_NAMES, `${path}.requiredCounterpartyFields.${i}.name`))
  })
  currency.enabledTransactionTypes.forEach((t, i) => {
    errors.push(...checkMember(t, TRANSACTION_TYPES, `${path}.enabledTransactionTypes.${i}`))
  })
  return errors
}

function checkFee(fee: FeeConfig, path: string): FieldError[] {
  const errors = [
    ...checkMember(fee.feeType, FEE_TYPES, `${path}.feeType`),
    ...checkAmount(fee.fixedFee.amount, `${path}.fixedFee.amount`),
  ]
  if (!isSupportedCurrency(fee.sourceCurrency)) {
    errors.push({ field: `${path}.sourceCurrency`, message: `${fee.sourceCurrency || 'an empty code'} is not a supported currency` })
  }
  if (!isSupportedCurrency(fee.fixedFee.currency)) {
    errors.push({ field: `${path}.fixedFee.currency`, message: `${fee.fixedFee.currency || 'an empty code'} is not a supported currency` })
  }
  if (!Number.isInteger(fee.variableFeeBps) || fee.variableFeeBps < 0 || fee.variableFeeBps > BPS_MAX) {
    errors.push({ field: `${path}.variableFeeBps`, message: `must be an integer from 0 to ${BPS_MAX}` })
  }
  return errors
}

/** Amounts are JSON integers at the edge, so they must stay within the safe integer range. */
function checkAmount(amount: bigint, field: string): FieldError[] {
  return amount < 0n || amount > AMOUNT_MAX ? [{ field, message: `must be an integer from 0 to ${AMOUNT_MAX}` }] : []
}

function checkMember(value: string, allowed: readonly string[], field: string): FieldError[] {
  return allowed.includes(value) ? [] : [{ field, message: 'is not an allowed value', constraint: { enum: [...allowed] } }]
}

function duplicates(keys: string[], list: string, key: string): FieldError[] {
  return keys
    .map((k, i) => ({ k, i }))
    .filter(({ k, i }) => keys.indexOf(k) !== i)
    .map(({ i }) => ({ field: `${list}.${i}.${key}`, message: 'appears more than once' }))
}
