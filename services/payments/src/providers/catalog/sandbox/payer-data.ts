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
export function sandboxPayerData(rails: string[]): PayerDataField[] {
  const fields = new Map(BASE.map((f) => [f.name, f]))
  for (const field of rails.flatMap((rail) => EXTRA_BY_RAIL[rail] ?? [])) {
    const known = fields.get(field.name)
    fields.set(field.name, { name: field.name, mandatory: field.mandatory || (known?.mandatory ?? false) })
  }
  return [...fields.values()]
}
