import type { BeneficialOwner, BeneficialOwnerInput } from '@pp/proto/customers/v1/beneficial_owners'
import type { CustomerImportJob } from '@pp/proto/customers/v1/bulk_import'
import type { Document, DocumentUpload } from '@pp/proto/customers/v1/documents'
import type { Verification, VerificationError } from '@pp/proto/customers/v1/verifications'
import type { ImportJobView } from '../domain/bulk-import/types.js'
import type { BeneficialOwnerInput as OwnerInput, BeneficialOwnerView } from '../domain/beneficial-owners/types.js'
import type { DocumentUploadInput, DocumentView } from '../domain/documents/types.js'
import type { VerificationErrorView, VerificationView } from '../domain/verifications/types.js'

/** The proto messages use the API's field names: the mapping turns ISO strings into Dates and back. */
const dates = <T extends { createdAt: string; updatedAt: string }>(view: T) => ({
  ...view,
  createdAt: new Date(view.createdAt),
  updatedAt: new Date(view.updatedAt),
})

export const verificationErrorToProto = (error: VerificationErrorView): VerificationError => ({
  ...error,
  acceptedDocumentTypes: error.acceptedDocumentTypes ?? [],
})

export const verificationToProto = (view: VerificationView): Verification => ({
  ...dates(view),
  errors: view.errors.map(verificationErrorToProto),
})

export const ownerToProto = (view: BeneficialOwnerView): BeneficialOwner => dates(view)

export const documentToProto = (view: DocumentView): Document => dates(view)

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

export const importJobToProto = (view: ImportJobView): CustomerImportJob => ({
  id: view.id,
  status: view.status,
  progress: view.progress,
  errors: view.errors.map(({ details, ...error }) => ({ ...error, detailsJson: JSON.stringify(details) })),
  completedAt: view.completedAt === undefined ? undefined : new Date(view.completedAt),
})
