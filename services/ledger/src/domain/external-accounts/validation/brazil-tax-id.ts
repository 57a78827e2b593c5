/** A check digit of CPF and CNPJ: the weighted sum mod 11, where remainders 0 and 1 give 0. */
function checkDigit(digits: number[], weights: number[]): number {
  const remainder = weights.reduce((acc, weight, i) => acc + weight * digits[i]!, 0) % 11
  return remainder < 2 ? 0 : 11 - remainder
}

const isRepeatedDigit = (value: string): boolean => /^(\d)\1*$/.test(value)

/** An individual's taxpayer number: 11 digits, the last two check digits (all-equal digits are invalid). */
export function isValidCpf(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value) || isRepeatedDigit(value)) return false
  const digits = [...value].map(Number)
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  return digits[9] === first && digits[10] === second
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/** A company's registration number: 14 digits, the last two check digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9]{14}$/.test(value) || isRepeatedDigit(value)) return false
  const digits = [...value].map(Number)
  const first = checkDigit(digits, CNPJ_WEIGHTS.slice(1))
  const second = checkDigit(digits, CNPJ_WEIGHTS)
  return digits[12] === first && digits[13] === second
}

/** The `taxId` of a BRL account: a CPF (11 digits) or a CNPJ (14 digits). */
export const isValidBrazilTaxId = (value: string): boolean => isValidCpf(value) || isValidCnpj(value)
