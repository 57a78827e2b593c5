import type { Environment } from '@pp/tenancy'

/** What the issuer gives a new card. */
export interface IssuedCard {
  brand: 'VISA' | 'MASTERCARD'
  pan: string
  cvv: string
  expMonth: number
  expYear: number
  processorRef: string
  issuerRef: string
}

/** The card issuer at the edge: provisions cards; the sandbox one also runs the network's simulations. */
export interface CardIssuer {
  /** Provisions a card for `cardId`; the card is PROCESSING until its activation job runs. */
  issue(cardId: string, now: Date): IssuedCard
  /** Whether the sandbox's simulated network messages are served. */
  simulatesNetwork: boolean
}

export type CardIssuers = Record<Environment, CardIssuer>
