import { z } from '@hono/zod-openapi'
import { Identifier } from './common.js'

/** Fields shared by quotes, transactions and the deprecated transfers. */

export const AccountId = Identifier()

/** The reference's ceiling for one amount: below 2^53, so a JSON number carries it exactly. */
export const AMOUNT_MAX = 9_000_000_000_000_000
export const PositiveAmount = z.number().int().min(1).max(AMOUNT_MAX).openapi({ description: 'In the smallest unit of the currency', example: 1000 })

export const PaymentRailSchema = z
  .enum([
    'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY',
    'NEFT', 'PAYNOW', 'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
  ])
  .openapi('PaymentRail')

export const PurposeOfPaymentSchema = z
  .enum([
    'GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT',
    'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER',
  ])
  .openapi('PurposeOfPayment')

/** Free-form details of a party, keyed by the reference's field names (FULL_NAME, NATIONALITY...). */
export const CustomerInfoSchema = z.record(z.string().max(64), z.unknown()).openapi({ example: { FULL_NAME: 'Jane Sender', NATIONALITY: 'FR' } })

export const RemittanceInformation = z.string().min(1).max(80).openapi({ example: '12345' })
