import { createHmac, randomInt } from 'node:crypto'
import type { CardIssuer, CardNumbers, IssuedCard } from '../../domain/deps.js'

// A test BIN of the sandbox: numbers that no real network routes.
const SANDBOX_BIN = '400000'
const CARD_LIFETIME_YEARS = 3

/** The Luhn check digit of `digits`. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return String((10 - (sum % 10)) % 10)
}

const randomDigits = (count: number): string => Array.from({ length: count }, () => String(randomInt(10))).join('')

/**
 * The security code of a card, derived the way issuers derive CVV2: a keyed function of the number
 * and expiry under a card verification key the issuer alone holds, so nothing needs storing and
 * the code is the same at every reveal. HMAC-SHA256, decimalized to three digits.
 */
function derivedSecurityCode(verificationKey: Buffer, card: CardNumbers): string {
  const digest = createHmac('sha256', verificationKey).update(`${card.pan}|${card.expMonth}|${card.expYear}`).digest()
  return String(digest.readUInt32BE(0) % 1_000).padStart(3, '0')
}

/**
 * The sandbox issuer: a Luhn-valid 16-digit number on a test BIN, three years of validity, and a
 * security code derived at each reveal under `verificationKeyHex` (SANDBOX_CARD_VERIFICATION_KEY).
 */
export function sandboxIssuer(verificationKeyHex: string): CardIssuer {
  const verificationKey = Buffer.from(verificationKeyHex, 'hex')
  return {
    simulatesNetwork: true,
    issue(cardId: string, now: Date): IssuedCard {
      const body = SANDBOX_BIN + randomDigits(9)
      const suffix = cardId.slice(-8)
      return {
        brand: 'VISA',
        pan: body + luhnCheckDigit(body),
        expMonth: now.getUTCMonth() + 1,
        expYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS,
        processorRef: `sandbox_card_${suffix}`,
        issuerRef: `sandbox_issuer_${suffix}`,
      }
    },
    securityCode: (card) => derivedSecurityCode(verificationKey, card),
  }
}
