import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import * as f from './customer-fields.js'
import { AddressSchema } from './customers.js'
import { KycStatus } from './customer-fields.js'

export const BeneficialOwnerRole = z
  .enum(['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'])
  .openapi('BeneficialOwnerRole')

const personalFields = {
  firstName: f.Text().openapi({ example: 'Jane' }),
  middleName: f.Text().optional(),
  lastName: f.Text().openapi({ example: 'Smith' }),
  birthDate: f.CalendarDate,
  nationality: f.CountryCode,
  email: f.Email.optional(),
  phoneNumber: f.PhoneNumber.optional(),
  address: AddressSchema,
  idType: f.IdentificationType,
  identifier: f.Text(64).openapi({ writeOnly: true, example: '123-45-6789' }),
  countryOfIssuance: f.CountryCode.optional(),
}

export const PersonalInfoSchema = z.object(personalFields).openapi('BeneficialOwnerPersonalInfo')
const PersonalInfoUpdateSchema = PersonalInfoSchema.partial().openapi('BeneficialOwnerPersonalInfoUpdate')
/** The identifier is write-only, like a customer's. */
const PersonalInfoResponseSchema = PersonalInfoSchema.omit({ identifier: true }).openapi('BeneficialOwnerPersonalInfoResponse')

const Roles = z.array(BeneficialOwnerRole).min(1).max(6)
const Percentage = z.number().int().min(0).max(100).openapi({ example: 25 })

export const BeneficialOwnerCreateRequestSchema = z
  .object({
    customerId: Identifier().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
    roles: Roles,
    ownershipPercentage: Percentage,
    personalInfo: PersonalInfoSchema,
  })
  .openapi('BeneficialOwnerCreateRequest')

export const BeneficialOwnerUpdateRequestSchema = z
  .object({ roles: Roles.optional(), ownershipPercentage: Percentage.optional(), personalInfo: PersonalInfoUpdateSchema.optional() })
  .openapi('BeneficialOwnerUpdateRequest')

export const BeneficialOwnerSchema = z
  .object({
    id: z.string().openapi({ example: 'BeneficialOwner:019542f5-b3e7-1d02-0000-000000000001' }),
    customerId: z.string(),
    roles: z.array(BeneficialOwnerRole),
    ownershipPercentage: Percentage,
    personalInfo: PersonalInfoResponseSchema,
    kycStatus: KycStatus,
    createdAt: f.Timestamp,
    updatedAt: f.Timestamp.optional(),
  })
  .openapi('BeneficialOwner')

export type BeneficialOwner = z.output<typeof BeneficialOwnerSchema>

export const BeneficialOwnerListSchema = listEnvelope(BeneficialOwnerSchema, 'BeneficialOwnerListResponse')
export type BeneficialOwnerListJson = z.infer<typeof BeneficialOwnerListSchema>

export const ListBeneficialOwnersQuerySchema = PaginationQuerySchema.extend({
  customerId: Identifier().openapi({ description: 'The business customer' }),
})
