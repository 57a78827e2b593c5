import { mergePayerFields } from '../../../domain/catalog/payer-fields.js'
import type { PayerDataField } from '../../../domain/catalog/types.js'

/** Every sandbox institution wants the payer's name (travel rule). */
const BASE: PayerDataField[] = [{ name: 'FULL_NAME', mandatory: true }]

/** Rails whose sandbox institutions also want more of the payer, by rail. */
const EXTRA_BY_RAIL: Record<string, PayerDataField[]> = {
  SWIFT: [{ name: 'POSTAL_ADDRESS', mandatory: true }, { name: 'PURPOSE_OF_PAYMENT', mandatory: true }],
  WIRE: [{ name: 'POSTAL_ADDRESS', mandatory: true }],
  PIX: [{ name: 'TAX_ID', mandatory: false }],
  SPEI: [{ name: 'BIRTH_DATE', mandatory: false }],
  UPI: [{ name: 'PURPOSE_OF_PAYMENT', mandatory: true }],
  NEFT: [{ name: 'PURPOSE_OF_PAYMENT', mandatory: true }],
}

/** The payer fields a sandbox institution on any of `rails` wants, each named once. */
export const sandboxPayerData = (rails: string[]): PayerDataField[] => mergePayerFields([...BASE, ...rails.flatMap((rail) => EXTRA_BY_RAIL[rail] ?? [])])
