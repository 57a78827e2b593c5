/** A German IBAN with a valid checksum whose account number ends in `suffix` (sandbox scenarios). */
export function germanIban(suffix: string, seed = 0): string {
  const bban = `37040044${String(seed).padStart(7, '0')}${suffix}`
  // ISO 13616: move "DE00" to the end, letters as numbers (D=13, E=14), 98 minus the remainder mod 97
  const numeric = `${bban}131400`
  let remainder = 0
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`
}
