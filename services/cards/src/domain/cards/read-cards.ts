import { ApiError, invalidInput } from '@pp/errors'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { isId } from '@pp/ids'
import { findCard, listCards, type CardFilter } from '../../db/cards.db.js'
import type { SqlTx } from '../../db/client.js'
import type { CardsDeps } from '../deps.js'
import { CARD_STATES, type CardView, type CardWithSources, type Tenant } from '../types.js'
import { cardView } from './view.js'

/** The tenant's card (404 NOT_FOUND for an unknown id or another tenant's card). */
export async function requireCard(sql: SqlTx, tenant: Tenant, id: string, lock = false): Promise<CardWithSources> {
  const card = isId('Card', id) ? await findCard(sql, tenant, id, lock) : undefined
  if (!card) throw new ApiError('NOT_FOUND', `Card ${id} not found`, { cardId: id })
  return card
}

export const getCard = async (deps: Pick<CardsDeps, 'sql'>, tenant: Tenant, id: string): Promise<CardView> =>
  cardView(await requireCard(deps.sql, tenant, id))

export interface ListCardsInput extends CardFilter {
  limit: number
  cursor?: string
  sortOrder?: string
}

/** One keyset page of the tenant's cards, newest first unless asked otherwise. */
export async function listTenantCards(deps: Pick<CardsDeps, 'sql'>, tenant: Tenant, input: ListCardsInput): Promise<Page<CardView>> {
  const limit = pageLimit(input.limit)
  const errors = [
    ...(input.state === undefined || (CARD_STATES as readonly string[]).includes(input.state)
      ? []
      : [{ field: 'state', message: 'not a card state', constraint: { enum: [...CARD_STATES] } }]),
    ...(input.sortOrder === undefined || input.sortOrder === 'asc' || input.sortOrder === 'desc'
      ? []
      : [{ field: 'sortOrder', message: 'asc or desc', constraint: { enum: ['asc', 'desc'] } }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
  const order = input.sortOrder === 'asc' ? 'asc' : 'desc'
  const { cards, total } = await listCards(deps.sql, tenant, input, order, after, limit + 1)
  return keysetPage(cards, limit, total, cardView, (row) => row.card)
}
