import { ApiError, notConfigured } from '@pp/errors'
import { takeReveal } from '../../db/card-reveals.db.js'
import { findCard } from '../../db/cards.db.js'
import { requireCard } from '../cards/read-cards.js'
import type { CardsDeps } from '../deps.js'
import { openCardNumber } from '../secrets/card-number.js'
import { tenantOf, type Caller } from '../types.js'
import { signRevealToken, verifyRevealToken } from './reveal-token.js'

export interface RevealAnswer {
  panEmbedUrl: string
  expiresAt: string
}

/**
 * A short-lived signed address of the page that shows the card's number, expiry and CVV, once; the
 * details themselves never appear in an API body. A closed card reveals nothing (409
 * CARD_NOT_MUTABLE); the reveal is logged with its request, never with its address.
 */
export async function revealCard(deps: CardsDeps, caller: Caller, cardId: string, pageUrl: string): Promise<RevealAnswer> {
  const { card } = await requireCard(deps.sql, tenantOf(caller), cardId)
  if (!deps.issuers[caller.environment].simulatesNetwork) throw notConfigured('A production card issuer')
  if (card.state === 'CLOSED') throw new ApiError('CARD_NOT_MUTABLE', 'A CLOSED card cannot be revealed')
  const expiresAt = deps.now().getTime() + deps.settings.revealTtlMs
  const token = signRevealToken(deps.revealKey, { ...tenantOf(caller), cardId, expiresAt })
  deps.logger.info({ cardId, requestId: caller.requestId, platformId: caller.platformId }, 'card reveal issued')
  return { panEmbedUrl: `${pageUrl.replace(/\/+$/, '')}/${token}`, expiresAt: new Date(expiresAt).toISOString() }
}

export interface RevealedCard {
  last4: string
  pan: string
  cvv: string
  expMonth: number
  expYear: number
}

/**
 * The details a valid, unexpired token grants, at its first opening only: a link that leaked from
 * a browser's history or a log shows nothing. 404 NOT_FOUND for any other token, one opened
 * before, or a card closed since. The security code is derived by the issuer, never stored.
 */
export async function openReveal(deps: CardsDeps, token: string): Promise<RevealedCard> {
  const now = deps.now()
  const grant = verifyRevealToken(deps.revealKey, token, now)
  const found = grant && (await findCard(deps.sql, grant, grant.cardId))
  const isOpenable = found && found.card.state !== 'CLOSED' && (await takeReveal(deps.sql, grant, now))
  if (!isOpenable) throw new ApiError('NOT_FOUND', 'This reveal link is not valid, was opened before, or has expired')
  const { card } = found
  const pan = openCardNumber(deps.keyring, card)
  return {
    last4: card.last4,
    pan,
    cvv: deps.issuers[card.environment].securityCode({ pan, expMonth: card.expMonth, expYear: card.expYear }),
    expMonth: card.expMonth,
    expYear: card.expYear,
  }
}
