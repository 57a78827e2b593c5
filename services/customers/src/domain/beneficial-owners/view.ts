import type { BeneficialOwnerRecord, BeneficialOwnerView } from './types.js'

/**
 * The owner as the API shows it: the identifier stays write-only, like a customer's. The personal
 * details the contract requires were required at creation (updates only replace them), and the
 * enumerated ones were checked against the contract when written; view.test.ts holds the view to it.
 */
export function toBeneficialOwnerView(record: BeneficialOwnerRecord): BeneficialOwnerView {
  const { identifier: _writeOnly, ...personalInfo } = record.personalInfo
  return {
    id: record.id,
    customerId: record.customerId,
    roles: record.roles,
    ownershipPercentage: record.ownershipPercentage,
    personalInfo: personalInfo as BeneficialOwnerView['personalInfo'],
    kycStatus: record.kycStatus,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
