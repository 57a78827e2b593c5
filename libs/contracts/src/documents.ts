import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import * as f from './customer-fields.js'
import { DocumentType } from './verifications.js'

const Side = z.enum(['FRONT', 'BACK'])

export const FileField = z
  .instanceof(File)
  .openapi({ type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 10 MB' })

const documentFields = {
  file: FileField,
  documentType: DocumentType,
  side: Side.optional(),
  country: f.CountryCode,
  documentNumber: f.Text(64).optional(),
  issuingAuthority: f.Text().optional(),
}

export const DocumentReplaceRequestSchema = z.object(documentFields).openapi('DocumentReplaceRequest')

export const DocumentUploadRequestSchema = z
  .object({ ...documentFields, documentHolder: Identifier().openapi({ description: 'A Customer or BeneficialOwner id' }) })
  .openapi('DocumentUploadRequest')

export const DocumentSchema = z
  .object({
    id: z.string().openapi({ example: 'Document:019542f5-b3e7-1d02-0000-000000000001' }),
    documentHolder: z.string(),
    documentType: DocumentType,
    side: Side.optional(),
    country: z.string(),
    documentNumber: z.string().optional(),
    issuingAuthority: z.string().optional(),
    fileName: z.string(),
    createdAt: f.Timestamp,
    updatedAt: f.Timestamp.optional(),
  })
  .openapi('Document')

export type Document = z.output<typeof DocumentSchema>

export const DocumentListSchema = listEnvelope(DocumentSchema, 'DocumentListResponse')
export type DocumentListJson = z.infer<typeof DocumentListSchema>

export const ListDocumentsQuerySchema = PaginationQuerySchema.extend({
  documentHolder: Identifier().optional().openapi({ description: 'Only this Customer or BeneficialOwner' }),
})
