import type { Environment } from '@pp/tenancy'

/** What the issuer gives a new card; never its security code, which is not stored (PCI DSS 3.3). */
export interface IssuedCard {
  brand: 'VISA' | 'MASTERCARD'
  pan: string
  expMonth: number
  expYear: number
  processorRef: string
  issuerRef: string
}

/** What an issuer derives a card's security code from. */
export interface CardNumbers {
  pan: string
  expMonth: number
  expYear: number
}

/** The card issuer at the edge: provisions cards; the sandbox one also runs the network's simulations. */
export interface CardIssuer {
  /** Provisions a card for `cardId`; the card is PROCESSING until its activation job runs. */
  issue(cardId: string, now: Date): IssuedCard
  /** The card's security code (CVV2), computed by the issuer each time it is revealed. */
  securityCode(card: CardNumbers): string
  /** Whether the sandbox's simulated network messages are served. */
  simulatesNetwork: boolean
}

export type CardIssuers = Record<Environment, CardIssuer>
