import type { BeneficialOwner } from '@pp/contracts'
import type { Address, VerificationStatus } from '../types.js'

export const BENEFICIAL_OWNER_ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'] as const
export type BeneficialOwnerRole = (typeof BENEFICIAL_OWNER_ROLES)[number]

/** The reference's BeneficialOwnerPersonalInfo; `identifier` is kept for verification and never shown. */
export interface PersonalInfo {
  firstName?: string
  middleName?: string
  lastName?: string
  birthDate?: string
  nationality?: string
  email?: string
  phoneNumber?: string
  address?: Address
  idType?: string
  identifier?: string
  countryOfIssuance?: string
}

/** What a caller sends; on update, unset fields and an empty role list are "not sent". */
export interface BeneficialOwnerInput {
  roles: string[]
  ownershipPercentage?: number
  personalInfo?: PersonalInfo
}

export interface BeneficialOwnerRecord {
  id: string
  platformId: string
  environment: string
  customerId: string
  roles: BeneficialOwnerRole[]
  ownershipPercentage: number
  personalInfo: PersonalInfo
  kycStatus: VerificationStatus
  createdAt: Date
  updatedAt: Date
}

export type BeneficialOwnerView = BeneficialOwner

/** The name the hosted pages and verification errors show for an owner. */
export const ownerName = ({ personalInfo }: Pick<BeneficialOwnerRecord, 'personalInfo'>): string =>
  [personalInfo.firstName, personalInfo.lastName].filter(Boolean).join(' ')
