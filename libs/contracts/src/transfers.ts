import { z } from '@hono/zod-openapi'
import { AccountId, PaymentRailSchema, PositiveAmount, PurposeOfPaymentSchema, RemittanceInformation } from './payment-fields.js'

const accountReference = (example: string) => z.object({ accountId: AccountId.openapi({ example }) })
const INTERNAL_EXAMPLE = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002'
const EXTERNAL_EXAMPLE = 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003'

export const TransferInRequestSchema = z
  .object({
    source: accountReference(EXTERNAL_EXAMPLE),
    destination: accountReference(INTERNAL_EXAMPLE),
    amount: PositiveAmount,
  })
  .openapi('TransferInRequest')

export const TransferOutRequestSchema = z
  .object({
    source: accountReference(INTERNAL_EXAMPLE),
    destination: accountReference(EXTERNAL_EXAMPLE).extend({ paymentRail: PaymentRailSchema.optional() }),
    amount: PositiveAmount,
    remittanceInformation: RemittanceInformation.optional(),
    purposeOfPayment: PurposeOfPaymentSchema.optional(),
  })
  .openapi('TransferOutRequest')
