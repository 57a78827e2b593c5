const WEIGHTS = [3, 7, 1]

/**
 * Eighteen digits whose last is the CLABE check digit: each of the first 17 digits times 3, 7, 1
 * (repeating), each product taken mod 10, and the check digit is (10 − sum mod 10) mod 10.
 */
export function isValidClabe(value: string): boolean {
  if (!/^[0-9]{18}$/.test(value)) return false
  const digits = [...value].map(Number)
  const sum = digits.slice(0, 17).reduce((acc, digit, i) => acc + ((digit * WEIGHTS[i % 3]!) % 10), 0)
  return (10 - (sum % 10)) % 10 === digits[17]
}
