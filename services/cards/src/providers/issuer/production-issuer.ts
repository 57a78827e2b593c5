import { notConfigured } from '@pp/errors'
import type { CardIssuer } from '../../domain/deps.js'

/**
 * Production issuing needs a card issuer integration, and none is configured: every issue answers
 * 501 NOT_IMPLEMENTED rather than a card that exists nowhere.
 */
export const unconfiguredIssuer: CardIssuer = {
  simulatesNetwork: false,
  issue() {
    throw notConfigured('A production card issuer (cards can be issued in the sandbox)')
  },
  securityCode() {
    throw notConfigured('A production card issuer')
  },
}
