import type { PlatformSettings } from '../platform-settings.js'
import type { CustomerType, Environment, VerificationStatus } from '../types.js'

export interface NewCustomerFacts {
  customerType: CustomerType
  fullName?: string
}

/**
 * Decides customer verification outcomes. The sandbox rules of the spec live in the sandbox
 * provider; production gets a real provider in a later issue.
 */
export interface VerificationProvider {
  /** The kycStatus (individual) or kybStatus (business) a customer starts with. */
  statusAtCreation(customer: NewCustomerFacts, platform: PlatformSettings): VerificationStatus
}

export type VerificationProviders = Record<Environment, VerificationProvider>

/** Sandbox names ending in these digits still need a complete verification packet (sandbox rule 3). */
const PAPERWORK_SUFFIXES = ['001', '002', '003']

/**
 * Sandbox rules 3 and 4: on a regulated platform, or with the skip-paperwork option on, an
 * individual is approved at creation unless its name ends in 001–003; a business never
 * resolves at creation.
 */
export const sandboxVerification: VerificationProvider = {
  statusAtCreation({ customerType, fullName = '' }, platform) {
    if (customerType === 'BUSINESS') return 'UNVERIFIED'
    const isPaperworkWaived = platform.isRegulatedFinancialInstitution || platform.skipVerificationPaperwork
    const needsPaperwork = PAPERWORK_SUFFIXES.some((suffix) => fullName.trimEnd().endsWith(suffix))
    return isPaperworkWaived && !needsPaperwork ? 'APPROVED' : 'UNVERIFIED'
  },
}

/** Production customers start unverified; verification happens through the hosted or API flow. */
export const productionVerification: VerificationProvider = {
  statusAtCreation: () => 'UNVERIFIED',
}

export const verificationProviders: VerificationProviders = {
  SANDBOX: sandboxVerification,
  PRODUCTION: productionVerification,
}
