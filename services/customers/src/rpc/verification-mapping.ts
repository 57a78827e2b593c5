import type { BeneficialOwnerInput } from '@pp/proto/customers/v1/beneficial_owners'
import type { DocumentUpload } from '@pp/proto/customers/v1/documents'
import type { VerificationError } from '@pp/proto/customers/v1/hosted_kyc'
import type { BeneficialOwnerInput as OwnerInput } from '../domain/beneficial-owners/types.js'
import type { DocumentUploadInput } from '../domain/documents/types.js'
import type { VerificationErrorView } from '../domain/verifications/types.js'

export const verificationErrorToProto = (error: VerificationErrorView): VerificationError => ({
  ...error,
  acceptedDocumentTypes: error.acceptedDocumentTypes ?? [],
})

export const ownerInput = (message: BeneficialOwnerInput | undefined): OwnerInput => ({
  roles: message?.roles ?? [],
  ownershipPercentage: message?.ownershipPercentage,
  personalInfo: message?.personalInfo,
})

/** A missing upload reads as an empty one, which the document rules refuse field by field. */
export const uploadInput = (message: DocumentUpload | undefined): DocumentUploadInput => ({
  documentHolder: message?.documentHolder ?? '',
  documentType: message?.documentType ?? '',
  side: message?.side,
  country: message?.country ?? '',
  documentNumber: message?.documentNumber,
  issuingAuthority: message?.issuingAuthority,
  fileName: message?.fileName ?? '',
  contentType: message?.contentType ?? '',
  content: message?.content ?? new Uint8Array(),
})
