import { ApiError } from '@pp/errors'
import type { CustomerRecord } from '../../db/customers.db.js'
import { ownerName, type BeneficialOwnerRecord } from '../beneficial-owners/types.js'
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../documents/document-types.js'
import type { DocumentRecord } from '../documents/types.js'
import type { VerificationErrorView } from './types.js'

/** Everything on file for one customer's verification. */
export interface VerificationPacket {
  customer: CustomerRecord
  owners: BeneficialOwnerRecord[]
  documents: DocumentRecord[]
}

const MISSING_DOCUMENT_ERROR: Record<DocumentCategory, { type: string; reason: string }> = {
  IDENTITY: { type: 'MISSING_IDENTITY_DOCUMENT', reason: 'An identity document is required' },
  LEGAL_PRESENCE: { type: 'MISSING_LEGAL_PRESENCE_DOCUMENT', reason: 'A company formation document is required' },
  OWNERSHIP_STRUCTURE: { type: 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', reason: 'A proof of the ownership structure is required' },
  PROOF_OF_ADDRESS: { type: 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', reason: 'A proof of address document is required' },
}

/**
 * Without a name there is no one to verify: such a request is refused outright (400
 * MISSING_MANDATORY_USER_INFO) rather than answered with a list of things to resolve.
 */
export function assertHasSubject({ customerType, profile }: CustomerRecord): void {
  const isIndividual = customerType === 'INDIVIDUAL'
  const name = isIndividual ? profile.fullName : profile.businessInfo?.legalName
  if (name) return
  const field = isIndividual ? 'fullName' : 'businessInfo.legalName'
  throw new ApiError('MISSING_MANDATORY_USER_INFO', `The customer has no ${field}`, { fields: [field] })
}

/** What keeps the packet from being verified; empty when it is complete. */
export function findPacketErrors(packet: VerificationPacket): VerificationErrorView[] {
  const { customer } = packet
  if (customer.customerType === 'INDIVIDUAL') {
    return [...individualFieldErrors(customer), ...missingDocuments(packet, customer.id, ['IDENTITY'])]
  }
  return [
    ...businessFieldErrors(customer),
    ...ownershipErrors(packet),
    ...missingDocuments(packet, customer.id, ['LEGAL_PRESENCE', 'OWNERSHIP_STRUCTURE', 'PROOF_OF_ADDRESS']),
    ...packet.owners.flatMap((owner) => missingDocuments(packet, owner.id, ['IDENTITY'], ` for ${ownerName(owner)}`)),
  ]
}

const missingField = (resourceId: string, field: string, reason: string): VerificationErrorView => ({
  resourceId,
  type: 'MISSING_FIELD',
  field,
  reason,
})

function individualFieldErrors({ id, profile }: CustomerRecord): VerificationErrorView[] {
  const errors: VerificationErrorView[] = []
  if (!profile.birthDate) errors.push(missingField(id, 'customer.birthDate', 'Date of birth is required'))
  if (!profile.nationality) errors.push(missingField(id, 'customer.nationality', 'Nationality is required'))
  if (!profile.address) errors.push(missingField(id, 'customer.address', 'A residential address is required'))
  return errors
}

function businessFieldErrors({ id, profile }: CustomerRecord): VerificationErrorView[] {
  const errors: VerificationErrorView[] = []
  const info = profile.businessInfo ?? {}
  if (!profile.address) errors.push(missingField(id, 'customer.address', 'The principal place of business is required'))
  if (!info.taxId) errors.push(missingField(id, 'customer.businessInfo.taxId', 'A tax identification number is required'))
  if (!info.countriesOfOperation?.length) {
    errors.push(missingField(id, 'customer.businessInfo.countriesOfOperation', 'Countries of operation are required'))
  }
  return errors
}

/** KYB needs one control person and the beneficial owners (owners of 25% or more) on file. */
function ownershipErrors({ customer, owners }: VerificationPacket): VerificationErrorView[] {
  const errors: VerificationErrorView[] = []
  if (!owners.some((o) => o.roles.includes('CONTROL_PERSON'))) {
    errors.push({ resourceId: customer.id, type: 'MISSING_CONTROL_PERSON', reason: 'A control person is required' })
  }
  if (!owners.some((o) => o.roles.includes('UBO'))) {
    const reason = 'Every beneficial owner holding 25% or more is required; none is on file'
    errors.push({ resourceId: customer.id, type: 'MISSING_BENEFICIAL_OWNER', reason })
  }
  return errors
}

function missingDocuments(
  { documents }: VerificationPacket,
  holderId: string,
  categories: DocumentCategory[],
  whose = '',
): VerificationErrorView[] {
  const held = new Set(documents.filter((d) => d.holderId === holderId).map((d) => d.documentType))
  return categories
    .filter((category) => !DOCUMENT_CATEGORIES[category].some((type) => held.has(type)))
    .map((category) => ({
      resourceId: holderId,
      type: MISSING_DOCUMENT_ERROR[category].type,
      acceptedDocumentTypes: [...DOCUMENT_CATEGORIES[category]],
      reason: `${MISSING_DOCUMENT_ERROR[category].reason}${whose}`,
    }))
}
