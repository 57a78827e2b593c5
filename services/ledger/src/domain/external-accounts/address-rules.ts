import type { FieldRule } from './field-rules.js'

const text = (maxLength: number): FieldRule => ({ minLength: 1, maxLength })

/** Shapes of a beneficiary address's fields, as the contract's Address declares them. */
export const ADDRESS_FIELD_RULES = {
  line1: text(255),
  line2: text(255),
  city: text(255),
  state: text(255),
  postalCode: text(32),
  country: { pattern: /^[A-Z]{2}$/, minLength: 2, maxLength: 2 },
} as const satisfies Record<string, FieldRule>

export const REQUIRED_ADDRESS_FIELDS = ['line1', 'postalCode', 'country'] as const
