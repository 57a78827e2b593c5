import { ApiError } from '@pp/errors'
import type { StablecoinIssuer } from '../domain/issuer.js'

/**
 * Production without a configured stablecoin issuer: every call says so plainly, and nothing is
 * linked, registered or moved.
 */
const refuse = (): Promise<never> =>
  Promise.reject(new ApiError('SERVICE_UNAVAILABLE', 'No stablecoin issuer is configured for production in this deployment'))

export const unconfiguredIssuer: StablecoinIssuer = {
  verifyCredentials: refuse,
  findToken: refuse,
  linkPayoutAccount: refuse,
  submitOperation: refuse,
  operationOutcome: refuse,
}
