/**
 * First two digits of an ABA routing number: Federal Reserve districts (00–12), thrift
 * institutions (21–32), electronic transactions (61–72) and traveler's cheques (80).
 */
function hasKnownPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80
}

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1]

/** Nine digits, a known prefix and the ABA checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false
  if (!hasKnownPrefix(Number(value.slice(0, 2)))) return false
  const sum = [...value].reduce((acc, digit, i) => acc + Number(digit) * WEIGHTS[i]!, 0)
  return sum % 10 === 0
}
