import { notConfigured } from '@pp/errors'
import type { StablecoinIssuer } from '../../domain/deps.js'

/**
 * Production without a configured stablecoin issuer: every call says so plainly, and nothing is
 * linked, registered or moved.
 */
const refuse = (): Promise<never> =>
  Promise.reject(notConfigured('A production stablecoin issuer'))

export const unconfiguredIssuer: StablecoinIssuer = {
  verifyCredentials: refuse,
  findToken: refuse,
  linkPayoutAccount: refuse,
  submitOperation: refuse,
  operationOutcome: refuse,
}
