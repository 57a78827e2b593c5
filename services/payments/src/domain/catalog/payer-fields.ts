import type { PayerDataField } from './types.js'

/** The fields several institutions want, each named once, mandatory when any of them wants it so (first mention's order). */
export function mergePayerFields(fields: PayerDataField[]): PayerDataField[] {
  const merged = new Map<string, PayerDataField>()
  for (const field of fields) {
    merged.set(field.name, { name: field.name, mandatory: field.mandatory || (merged.get(field.name)?.mandatory ?? false) })
  }
  return [...merged.values()]
}
