import type { BeneficialOwner } from '@pp/proto/customers/v1/beneficial_owners'
import type { CustomerImportJob } from '@pp/proto/customers/v1/bulk_import'
import type { Document } from '@pp/proto/customers/v1/documents'
import type { Verification, VerificationError } from '@pp/proto/customers/v1/verifications'
import type { z } from '@hono/zod-openapi'
import type { BeneficialOwnerSchema } from '../schemas/beneficial-owners.js'
import type { BulkImportJobSchema } from '../schemas/bulk-import.js'
import { isoTimestamp } from '../schemas/common.js'
import type { DocumentSchema } from '../schemas/documents.js'
import type { VerificationSchema } from '../schemas/verifications.js'

/** The service checks the enumerated values; the JSON types name them. */
type Json<T extends z.ZodType> = z.infer<T>

/** Proto's empty lists stand for "no value" and are left out. */
const errorToJson = ({ acceptedDocumentTypes, ...error }: VerificationError) => ({
  ...error,
  ...(acceptedDocumentTypes.length > 0 && { acceptedDocumentTypes }),
})

export const verificationToJson = (verification: Verification): Json<typeof VerificationSchema> =>
  ({
    ...verification,
    errors: verification.errors.map(errorToJson),
    createdAt: isoTimestamp(verification.createdAt)!,
    updatedAt: isoTimestamp(verification.updatedAt),
  }) as Json<typeof VerificationSchema>

export const ownerToJson = (owner: BeneficialOwner): Json<typeof BeneficialOwnerSchema> =>
  ({
    ...owner,
    createdAt: isoTimestamp(owner.createdAt)!,
    updatedAt: isoTimestamp(owner.updatedAt),
  }) as Json<typeof BeneficialOwnerSchema>

export const documentToJson = (document: Document): Json<typeof DocumentSchema> =>
  ({
    ...document,
    createdAt: isoTimestamp(document.createdAt)!,
    updatedAt: isoTimestamp(document.updatedAt),
  }) as Json<typeof DocumentSchema>

export const importJobToJson = (job: CustomerImportJob): Json<typeof BulkImportJobSchema> =>
  ({
    id: job.id,
    status: job.status,
    progress: job.progress!,
    errors: job.errors.map(({ detailsJson, ...error }) => ({ ...error, details: JSON.parse(detailsJson || '{}') as object })),
    completedAt: isoTimestamp(job.completedAt),
  }) as Json<typeof BulkImportJobSchema>

/** A multipart file as the DocumentUpload message carries it. */
export async function fileToUpload(file: File) {
  return { fileName: file.name, contentType: file.type, content: Buffer.from(await file.arrayBuffer()) }
}
