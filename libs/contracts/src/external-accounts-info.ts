import { z } from '@hono/zod-openapi'
import { CalendarDate } from './customer-fields.js'
import { AddressSchema } from './customers.js'
import {
  ACCOUNT_TYPE_NAMES, ACCOUNT_TYPE_SHAPES, BENEFICIARY_FIELD_SHAPES, BENEFICIARY_FIELDS, BUSINESS_BENEFICIARY,
  type AccountField, type AccountType, type AccountTypeShape, type BeneficiaryKindShape, type BeneficiaryShape, type FieldShape,
} from './external-account-fields.js'

/**
 * The accountInfo of every external account type of the reference, plus the spec's US_ACCOUNT,
 * CLABE and PIX, built from the field rules declared once in external-account-fields.ts. The
 * gateway checks shapes (required fields, lengths, patterns, enums); the ledger checks the same
 * rules and each field's format (ABA, IBAN, CLABE, CPF/CNPJ checksums, wallet address formats).
 */
const fieldSchema = (shape: FieldShape) => {
  let schema = shape.enum ? z.enum(shape.enum) : z.string()
  if (schema instanceof z.ZodString) {
    if (shape.format === 'calendar-date') return CalendarDate
    if (shape.minLength !== undefined) schema = schema.min(shape.minLength)
    if (shape.maxLength !== undefined) schema = schema.max(shape.maxLength)
    if (shape.pattern) schema = schema.regex(shape.pattern)
  }
  const { example, description } = shape
  return example || description ? schema.openapi({ ...(example && { example }), ...(description && { description }) }) : schema
}

type Shape = Record<string, z.ZodType>

const beneficiaryKind = (type: 'INDIVIDUAL' | 'BUSINESS', kind: BeneficiaryKindShape, name: string) => {
  const known = new Set<string>([...kind.required, ...kind.allowed])
  const shape: Shape = { beneficiaryType: z.literal(type) }
  for (const field of BENEFICIARY_FIELDS.filter((f) => known.has(f))) {
    const schema = fieldSchema(BENEFICIARY_FIELD_SHAPES[field])
    shape[field] = kind.required.includes(field) ? schema : schema.optional()
  }
  if (kind.address !== 'NONE') shape.address = kind.address === 'REQUIRED' ? AddressSchema : AddressSchema.optional()
  return z.object(shape).openapi(name)
}

const BusinessBeneficiarySchema = beneficiaryKind('BUSINESS', BUSINESS_BENEFICIARY, 'BusinessBeneficiary')

const beneficiarySchema = (beneficiary: BeneficiaryShape) => {
  const individual = beneficiaryKind('INDIVIDUAL', beneficiary.individual, beneficiary.individualSchemaName ?? 'IndividualBeneficiary')
  const schema = z.discriminatedUnion('beneficiaryType', [individual, BusinessBeneficiarySchema])
  return beneficiary.isRequired ? schema : schema.optional()
}

const paymentRails = { paymentRails: z.array(z.string()).optional().openapi({ readOnly: true, description: 'Rails the account can be paid through' }) }

const pascal = (accountType: string) =>
  accountType.toLowerCase().split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')

/** A field named in an alternative is optional to the schema; the ledger checks the alternatives. */
function accountInfoSchema(accountType: AccountType) {
  const rules: AccountTypeShape = ACCOUNT_TYPE_SHAPES[accountType]
  const shape: Shape = {}
  for (const [field, fieldShape] of Object.entries(rules.fields) as Array<[AccountField, FieldShape]>) {
    const schema = fieldSchema(fieldShape)
    shape[field] = rules.required.includes(field) ? schema : schema.optional()
  }
  if (rules.beneficiary) shape.beneficiary = beneficiarySchema(rules.beneficiary)
  return z.object({ accountType: z.literal(accountType), ...shape, ...paymentRails }).openapi(`${pascal(accountType)}Info`)
}

const [firstType, ...otherTypes] = ACCOUNT_TYPE_NAMES.map(accountInfoSchema)

export const ExternalAccountInfoSchema = z
  .discriminatedUnion('accountType', [firstType!, ...otherTypes])
  .openapi('ExternalAccountInfo')

export type ExternalAccountInfoJson = z.infer<typeof ExternalAccountInfoSchema>
