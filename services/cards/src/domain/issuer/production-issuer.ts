import { ApiError } from '@pp/errors'
import type { CardIssuer } from './issuer.js'

/**
 * Production issuing needs a card issuer integration, and none is configured: every issue answers
 * 501 NOT_IMPLEMENTED rather than a card that exists nowhere.
 */
export const unconfiguredIssuer: CardIssuer = {
  simulatesNetwork: false,
  issue() {
    throw new ApiError('NOT_IMPLEMENTED', 'No card issuer is configured for production; cards can be issued in the sandbox')
  },
  securityCode() {
    throw new ApiError('NOT_IMPLEMENTED', 'No card issuer is configured for production')
  },
}
