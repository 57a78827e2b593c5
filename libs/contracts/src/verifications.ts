import { z } from '@hono/zod-openapi'
import { DOCUMENT_TYPES, VERIFICATION_STATUSES } from '@pp/vocabulary'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import * as f from './customer-fields.js'

const id = (type: string) => Identifier().openapi({ example: `${type}:019542f5-b3e7-1d02-0000-000000000001` })
const pathId = (name: string, type: string) => id(type).openapi({ param: { name, in: 'path' } })

export const DocumentType = z
  .enum(DOCUMENT_TYPES)
  .openapi('DocumentType')

export const VerificationStatus = z
  .enum(VERIFICATION_STATUSES)
  .openapi('VerificationStatus')

export const VerificationErrorSchema = z
  .object({
    resourceId: z.string(),
    type: z.string().openapi({ example: 'MISSING_FIELD' }),
    field: z.string().optional().openapi({ example: 'customer.address' }),
    acceptedDocumentTypes: z.array(DocumentType).optional(),
    reason: z.string(),
  })
  .openapi('VerificationError')

export const VerificationSchema = z
  .object({
    id: id('Verification'),
    customerId: id('Customer'),
    verificationStatus: VerificationStatus,
    errors: z.array(VerificationErrorSchema),
    createdAt: f.Timestamp,
    updatedAt: f.Timestamp.optional(),
  })
  .openapi('Verification')

export type Verification = z.output<typeof VerificationSchema>

export const VerificationListSchema = listEnvelope(VerificationSchema, 'VerificationListResponse')
export type VerificationListJson = z.infer<typeof VerificationListSchema>

export const ListVerificationsQuerySchema = PaginationQuerySchema.extend({
  customerId: id('Customer').optional(),
  verificationStatus: VerificationStatus.optional(),
})

export const VerificationRequestSchema = z.object({ customerId: id('Customer') }).openapi('VerificationRequest')
export const VerificationIdParamsSchema = z.object({ verificationId: pathId('verificationId', 'Verification') })

export const KycLinkCreateRequestSchema = z
  .object({
    redirectUri: z
      .url()
      .max(2048)
      .optional()
      .openapi({ description: 'https://, or http:// for localhost; embedded in the returned kycUrl', example: 'https://app.example.com/onboarding/completed' }),
  })
  .openapi('KycLinkCreateRequest')

export const KycLinkResponseSchema = z
  .object({
    kycUrl: z.url().openapi({ description: 'Single-use hosted URL; expires at expiresAt' }),
    expiresAt: f.Timestamp,
    provider: z.enum(['SUMSUB']).openapi('KycProvider'),
    token: z.string().optional().openapi({ description: 'Only for providers with an SDK' }),
  })
  .openapi('KycLinkResponse')

export const BeneficialOwnerIdParamsSchema = z.object({ beneficialOwnerId: pathId('beneficialOwnerId', 'BeneficialOwner') })
export const DocumentIdParamsSchema = z.object({ documentId: pathId('documentId', 'Document') })
export const JobIdParamsSchema = z.object({ jobId: pathId('jobId', 'Job') })

export const ContactVerificationConfirmRequestSchema = z
  .object({ code: z.string().min(1).max(16).openapi({ example: '123456' }) })
  .openapi('ContactVerificationConfirmRequest')
