import type { Hono } from 'hono'
import { html } from 'hono/html'
import { isApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { CardsServiceClient } from '@pp/proto/cards/v1/cards'
import type { GatewayEnv } from '../context.js'
import { hostedHeaders } from './kyc-pages.js'
import { layout, messagePage } from './page-layout.js'

/** The reveal page lives outside the versioned API: the signed token in the path is its credential. */
export const CARD_REVEAL_PATH = '/hosted/card-reveal'

/** The page address POST /cards/{id}/reveal signs a token onto. */
export const cardRevealPageUrl = (publicBaseUrl: string): string => `${publicBaseUrl.replace(/\/+$/, '')}${CARD_REVEAL_PATH}`

/** The number in groups of four, as printed on a card. */
const grouped = (pan: string): string => pan.replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * Shows a card's number, expiry and CVV to whoever holds a valid reveal token: the details pass
 * from the cards service into this page only, never into an API body or a log (a failure is
 * logged without the path, which holds the token). The page is not cached, the token expires
 * within minutes, and the cards service lets it open once.
 */
export function registerCardRevealPage(app: Hono<GatewayEnv>, cards: CardsServiceClient, logger: Logger): void {
  app.use(`${CARD_REVEAL_PATH}/*`, hostedHeaders())
  app.get(`${CARD_REVEAL_PATH}/:token`, async (c) => {
    try {
      const card = await callUnary(cards, cards.openCardReveal, { token: c.req.param('token') }, { requestId: c.get('requestId') })
      const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`
      const body = html`<h1>Your card</h1>
        <dl>
          <dt>Card number</dt><dd data-field="pan">${grouped(card.pan)}</dd>
          <dt>Expires</dt><dd data-field="expiry">${expiry}</dd>
          <dt>CVV</dt><dd data-field="cvv">${card.cvv}</dd>
        </dl>`
      return c.html(layout('Your card', body), 200)
    } catch (err) {
      if (!isApiError(err) || err.code !== 'NOT_FOUND') logger.error({ err, requestId: c.get('requestId') }, 'card reveal page failed')
      const expired = isApiError(err) && err.code === 'NOT_FOUND'
      return c.html(
        messagePage(expired ? 'Link expired' : 'Something went wrong', expired ? 'This link is not valid or has expired. Ask for a new one.' : 'Please try again later.'),
        expired ? 404 : 500,
      )
    }
  })
}
