import { notConfigured } from '@pp/errors'
import type { PlatformSettings } from '../../domain/platform-settings.js'
import type { NewCustomerFacts, ProviderDecision, VerificationProvider, VerificationProviders, VerificationSubject } from '../../domain/deps.js'
import { contactChannelsForRegion } from '../../domain/verification/contact-channels.js'
import { sandboxDocumentRejection } from '../../domain/verification/document-review.js'

/** The provider name KycLinkResponse reports: the reference's only KycProvider value. */
export const KYC_PROVIDER_NAME = 'SUMSUB'

/** Sandbox sends nothing and always issues this code (docs/sandbox.md). */
export const SANDBOX_CONTACT_CODE = '123456'

/** Sandbox names (and registration numbers) ending in these digits still need a complete packet (rules 3, 4). */
const PAPERWORK_SUFFIXES = ['001', '002', '003']
const BUSINESS_PAPERWORK_SUFFIXES = ['001', '003']

const endsWithAny = (value: string | undefined, suffixes: string[]): boolean =>
  suffixes.some((suffix) => (value ?? '').trimEnd().endsWith(suffix))

const isPaperworkWaived = (platform: PlatformSettings): boolean =>
  platform.isRegulatedFinancialInstitution || platform.skipVerificationPaperwork

/** The sandbox decision by suffix: 002 rejects, 003 goes to manual review, anything else approves. */
function sandboxDecision(value: string | undefined): ProviderDecision {
  if (endsWithAny(value, ['002'])) return 'REJECTED'
  if (endsWithAny(value, ['003'])) return 'PENDING_MANUAL_REVIEW'
  return 'APPROVED'
}

/**
 * Sandbox rules 3 and 4: on a regulated platform, or with the skip-paperwork option on, an
 * individual is approved at creation unless its name ends in 001–003, and a business resolves on
 * its first submission unless its registration number ends in 001 or 003. Otherwise a complete
 * packet is needed; the suffix then picks the outcome (see docs/sandbox.md).
 */
export const sandboxVerification: VerificationProvider = {
  name: KYC_PROVIDER_NAME,
  statusAtCreation({ customerType, fullName }, platform) {
    if (customerType === 'BUSINESS') return 'UNVERIFIED'
    return isPaperworkWaived(platform) && !endsWithAny(fullName, PAPERWORK_SUFFIXES) ? 'APPROVED' : 'UNVERIFIED'
  },
  requiresPacket({ customerType, fullName, registrationNumber }, platform) {
    if (!isPaperworkWaived(platform)) return true
    return customerType === 'INDIVIDUAL'
      ? endsWithAny(fullName, PAPERWORK_SUFFIXES)
      : endsWithAny(registrationNumber, BUSINESS_PAPERWORK_SUFFIXES)
  },
  decide: ({ customerType, fullName, registrationNumber }) =>
    sandboxDecision(customerType === 'INDIVIDUAL' ? fullName : registrationNumber),
  queuesManualReview: false,
  contactChannels: contactChannelsForRegion,
  reviewDocument: sandboxDocumentRejection,
  sendContactCode: async () => SANDBOX_CONTACT_CODE,
}

/**
 * Production customers start unverified, and a complete packet goes to manual review: the review
 * queue, decided by an operator or by the KYC vendor's webhook (KYC_DECISIONS, domain/reviews/).
 */
export const productionVerification: VerificationProvider = {
  name: KYC_PROVIDER_NAME,
  statusAtCreation: () => 'UNVERIFIED',
  requiresPacket: () => true,
  decide: () => 'PENDING_MANUAL_REVIEW',
  queuesManualReview: true,
  contactChannels: contactChannelsForRegion,
  // documents are kept for the provider's review at verification time
  reviewDocument: () => undefined,
  async sendContactCode() {
    throw notConfigured('A production email and SMS sender')
  },
}

/**
 * The provider of each environment. Production sends its contact codes with `contactCodes` when the
 * deployment configured an email or SMS sender (contact-codes.ts), and answers 501 without one.
 */
export const verificationProviders = (contactCodes?: VerificationProvider['sendContactCode']): VerificationProviders => ({
  SANDBOX: sandboxVerification,
  PRODUCTION: contactCodes ? { ...productionVerification, sendContactCode: contactCodes } : productionVerification,
})
