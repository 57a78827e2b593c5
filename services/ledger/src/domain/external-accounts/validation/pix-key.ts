import { isValidCnpj, isValidCpf } from './brazil-tax-id.js'

export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] as const
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
/** +55, a two-digit area code (no 0) and an 8-digit landline or 9-digit mobile number. */
const BRAZIL_PHONE = /^\+55[1-9][1-9][0-9]{8,9}$/
/** A random key (EVP) is a UUID. */
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const CHECKS: Record<PixKeyType, { isValid: (key: string) => boolean; expected: string }> = {
  CPF: { isValid: isValidCpf, expected: 'a CPF of 11 digits with valid check digits' },
  CNPJ: { isValid: isValidCnpj, expected: 'a CNPJ of 14 digits with valid check digits' },
  EMAIL: { isValid: (key) => key.length <= 77 && EMAIL.test(key), expected: 'an email address of at most 77 characters' },
  PHONE: { isValid: (key) => BRAZIL_PHONE.test(key), expected: 'a Brazilian phone number as +55 and 10 or 11 digits' },
  RANDOM: { isValid: (key) => RANDOM_KEY.test(key), expected: 'a random key (UUID)' },
}

/** Why `key` is not a PIX key of `type`, or undefined when it is. */
export function pixKeyProblem(type: PixKeyType, key: string): string | undefined {
  const check = CHECKS[type]
  return check.isValid(key) ? undefined : `a ${type} PIX key must be ${check.expected}`
}
