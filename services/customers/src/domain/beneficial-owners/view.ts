import type { BeneficialOwnerRecord, BeneficialOwnerView } from './types.js'

/** The owner as the API shows it: the identifier stays write-only, like a customer's. */
export function toBeneficialOwnerView(record: BeneficialOwnerRecord): BeneficialOwnerView {
  const { identifier: _writeOnly, ...personalInfo } = record.personalInfo
  return {
    id: record.id,
    customerId: record.customerId,
    roles: record.roles,
    ownershipPercentage: record.ownershipPercentage,
    personalInfo,
    kycStatus: record.kycStatus,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
