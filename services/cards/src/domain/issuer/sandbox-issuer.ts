import { randomInt } from 'node:crypto'
import type { CardIssuer, IssuedCard } from './issuer.js'

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

/** The sandbox issuer: a Luhn-valid 16-digit number on a test BIN, a random CVV, three years of validity. */
export const sandboxIssuer: CardIssuer = {
  simulatesNetwork: true,
  issue(cardId: string, now: Date): IssuedCard {
    const body = SANDBOX_BIN + randomDigits(9)
    const suffix = cardId.slice(-8)
    return {
      brand: 'VISA',
      pan: body + luhnCheckDigit(body),
      cvv: randomDigits(3),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS,
      processorRef: `sandbox_card_${suffix}`,
      issuerRef: `sandbox_issuer_${suffix}`,
    }
  },
}
