import { createHash } from 'node:crypto'
import { ApiError, type ErrorCode } from '@pp/errors'
import type { CredentialCheck, OperationOutcome, OperationRequest, PayoutAccount, StablecoinIssuer, TokenFacts } from '../../domain/deps.js'
import type { IssuanceStatus } from '../../domain/types.js'

/**
 * The sandbox issuer: complete and deterministic, every outcome chosen by the request
 * (docs/sandbox.md, "Stablecoins"). Time is the service's jobs' business, not the issuer's.
 */
export const sandboxIssuer: StablecoinIssuer = {
  async verifyCredentials({ apiClientId, apiClientSecret, providerAccountId }): Promise<CredentialCheck> {
    if (apiClientSecret.includes('unavailable')) throw unavailable()
    const status = apiClientSecret.includes('revoked') ? 'REVOKED' : apiClientSecret.includes('invalid') ? 'INVALID' : 'ACTIVE'
    return { providerAccountId: providerAccountId ?? `sandbox-${digest(apiClientId).slice(0, 16)}`, status }
  },

  async findToken({ providerTokenIdentifier }): Promise<TokenFacts> {
    const [head = '', ...flags] = providerTokenIdentifier.split('-')
    if (flags.includes('unavailable')) throw unavailable()
    const symbol = head.toUpperCase()
    if (flags.includes('unknown') || !/^[A-Z0-9]{2,16}$/.test(symbol)) {
      throw new ApiError('STABLECOIN_PROVIDER_ERROR', `The provider has no token ${providerTokenIdentifier}`, { providerTokenIdentifier })
    }
    const decimalsFlag = flags.find((flag) => /^d\d{1,2}$/.test(flag))
    const decimals = decimalsFlag ? Math.min(Number(decimalsFlag.slice(1)), 18) : 6
    return { name: `${symbol} Sandbox Dollar`, symbol, baseCurrency: 'USD', decimals, issuanceStatus: issuanceStatusOf(flags) }
  },

  async linkPayoutAccount({ accountNumber, externalAccountId }: PayoutAccount): Promise<void> {
    const refusal = PAYOUT_LINK_REFUSALS[accountNumber?.slice(-4) ?? '']
    if (refusal) throw new ApiError(refusal, `Sandbox: the provider answered ${refusal} for ${externalAccountId}`, { externalAccountId })
  },

  async submitOperation(operation): Promise<void> {
    const trigger = triggerOf(operation)
    if (trigger === REFUSED) throw new ApiError('STABLECOIN_PROVIDER_ERROR', 'Sandbox: the provider refused the operation', { amount: operation.fiatAmount.toString() })
    if (trigger === UNAVAILABLE) throw unavailable()
  },

  async operationOutcome(operation): Promise<OperationOutcome> {
    if (triggerOf(operation) === FAILS_LATER) return { status: 'FAILED', providerStatus: 'rejected', failureReason: 'Sandbox: the provider failed the operation' }
    return { status: 'COMPLETED', providerStatus: 'complete' }
  },
}

/** Base-currency amounts ending in these cents pick a sandbox outcome. */
const REFUSED = 91n
const UNAVAILABLE = 92n
const FAILS_LATER = 93n

const triggerOf = (operation: OperationRequest): bigint => operation.fiatAmount % 100n

/** The last four digits of a payout account's number pick how linking it at the provider fails. */
const PAYOUT_LINK_REFUSALS: Record<string, ErrorCode> = {
  '0091': 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED',
  '0092': 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED',
  '0093': 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED',
  '0094': 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED',
  '0095': 'STABLECOIN_VERIFICATION_FAILED',
  '0096': 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED',
}

function issuanceStatusOf(flags: string[]): IssuanceStatus {
  if (flags.includes('review')) return 'PENDING_REVIEW'
  if (flags.includes('provisioning')) return 'PROVISIONING'
  if (flags.includes('rejected')) return 'REJECTED'
  return 'PROVISIONED'
}

const unavailable = (): ApiError => new ApiError('SERVICE_UNAVAILABLE', 'Sandbox: the stablecoin provider is temporarily unavailable')

const digest = (text: string): string => createHash('sha256').update(text).digest('hex')
