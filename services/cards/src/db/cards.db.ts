import { prepared } from '@pp/db'
import type { KeysetPosition } from '@pp/paging'
import type { CardRecord, CardState, CardStateReason, CardWithSources, FundingSourceBinding, Tenant } from '../domain/types.js'
import type { SqlTx } from './client.js'

const CARD_COLUMNS = `c.id, c.platform_id, c.environment, c.cardholder_id, c.platform_customer_id, c.platform_card_id, c.state, c.state_reason, c.brand, c.form,
  c.currency, c.last4, c.exp_month, c.exp_year, c.pan_sealed, c.pan_key_id, c.max_spend_per_transaction, c.processor_ref,
  c.issuer_ref, c.created_at, c.updated_at`

// the attached bindings in priority order, as one JSON array per card
const SOURCES = `COALESCE((SELECT json_agg(json_build_object('id', s.id, 'accountId', s.account_id, 'accountType', s.account_type, 'position', s.position) ORDER BY s.position)
   FROM card_funding_sources s WHERE s.card_id = c.id AND s.detached_at IS NULL), '[]'::json) AS sources`

interface CardRow {
  id: string
  platform_id: string
  environment: Tenant['environment']
  cardholder_id: string
  platform_customer_id: string
  platform_card_id: string | null
  state: CardState
  state_reason: CardStateReason | null
  brand: string
  form: string
  currency: string
  last4: string
  exp_month: number
  exp_year: number
  pan_sealed: Buffer
  pan_key_id: string | null
  max_spend_per_transaction: bigint | null
  processor_ref: string
  issuer_ref: string
  created_at: Date
  updated_at: Date
  sources: FundingSourceBinding[]
}

const cardOf = (row: CardRow): CardWithSources => ({
  card: {
    id: row.id,
    platformId: row.platform_id,
    environment: row.environment,
    cardholderId: row.cardholder_id,
    platformCustomerId: row.platform_customer_id,
    platformCardId: row.platform_card_id,
    state: row.state,
    stateReason: row.state_reason,
    brand: row.brand,
    form: row.form,
    currency: row.currency,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    panSealed: row.pan_sealed,
    panKeyId: row.pan_key_id,
    maxSpendPerTransaction: row.max_spend_per_transaction,
    processorRef: row.processor_ref,
    issuerRef: row.issuer_ref,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  },
  sources: row.sources,
})

const FIND = prepared('cards_find', `SELECT ${CARD_COLUMNS}, ${SOURCES} FROM cards c WHERE c.id = $1 AND c.platform_id = $2 AND c.environment = $3`)
const FIND_FOR_UPDATE = prepared(
  'cards_find_for_update',
  `SELECT ${CARD_COLUMNS}, ${SOURCES} FROM cards c WHERE c.id = $1 AND c.platform_id = $2 AND c.environment = $3 FOR UPDATE OF c`,
)
const FIND_BY_ID = prepared('cards_find_by_id', `SELECT ${CARD_COLUMNS}, ${SOURCES} FROM cards c WHERE c.id = $1`)

/** The tenant's card with its attached funding sources. */
export async function findCard(sql: SqlTx, tenant: Tenant, id: string, lock = false): Promise<CardWithSources | undefined> {
  const [row] = await sql.query<CardRow>(lock ? FIND_FOR_UPDATE : FIND, [id, tenant.platformId, tenant.environment])
  return row && cardOf(row)
}

/** A card whatever its tenant, for the jobs that drive it. */
export async function findCardById(sql: SqlTx, id: string): Promise<CardWithSources | undefined> {
  const [row] = await sql.query<CardRow>(FIND_BY_ID, [id])
  return row && cardOf(row)
}

const LOCK_SLOTS = prepared(
  'cards_lock_slots',
  `INSERT INTO card_slots (platform_id, environment, live) VALUES ($1, $2, 0)
   ON CONFLICT (platform_id, environment) DO UPDATE SET live = card_slots.live
   RETURNING live`,
)
const LIVE_OF_CARDHOLDER = prepared(
  'cards_live_of_cardholder',
  `SELECT count(*)::int AS live FROM cards WHERE platform_id = $1 AND environment = $2 AND cardholder_id = $3 AND state <> 'CLOSED'`,
)
const CHANGE_SLOTS = prepared('cards_change_slots', 'UPDATE card_slots SET live = live + $3 WHERE platform_id = $1 AND environment = $2')

export interface LiveCards {
  platform: number
  cardholder: number
}

/**
 * Locks the tenant's slot row for the rest of the transaction (concurrent creations and closings
 * queue on it) and answers how many cards are live, on the platform and for the cardholder.
 */
export async function lockLiveCards(tx: SqlTx, tenant: Tenant, cardholderId: string): Promise<LiveCards> {
  const [slots] = await tx.query<{ live: number }>(LOCK_SLOTS, [tenant.platformId, tenant.environment])
  const [holder] = await tx.query<{ live: number }>(LIVE_OF_CARDHOLDER, [tenant.platformId, tenant.environment, cardholderId])
  return { platform: slots!.live, cardholder: holder!.live }
}

/** One more (1) or one fewer (-1) live card; the slot row exists once a card was created. */
export async function changeLiveCards(tx: SqlTx, tenant: Tenant, delta: 1 | -1): Promise<void> {
  await tx.query(CHANGE_SLOTS, [tenant.platformId, tenant.environment, delta])
}

const INSERT_CARD = prepared(
  'cards_insert',
  `INSERT INTO cards (id, platform_id, environment, cardholder_id, platform_card_id, state, state_reason, brand, form, currency,
     last4, exp_month, exp_year, pan_sealed, pan_key_id, max_spend_per_transaction, processor_ref, issuer_ref, created_at, updated_at,
     platform_customer_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
)

export async function insertCard(tx: SqlTx, card: CardRecord): Promise<void> {
  await tx.query(INSERT_CARD, [
    card.id, card.platformId, card.environment, card.cardholderId, card.platformCardId, card.state, card.stateReason, card.brand,
    card.form, card.currency, card.last4, card.expMonth, card.expYear, Buffer.from(card.panSealed), card.panKeyId,
    card.maxSpendPerTransaction, card.processorRef, card.issuerRef, card.createdAt, card.updatedAt, card.platformCustomerId,
  ])
}

const UPDATE_CARD = prepared(
  'cards_update',
  `UPDATE cards SET state = $2, state_reason = $3, max_spend_per_transaction = $4, updated_at = $5 WHERE id = $1`,
)

export async function updateCard(tx: SqlTx, card: CardRecord): Promise<void> {
  await tx.query(UPDATE_CARD, [card.id, card.state, card.stateReason, card.maxSpendPerTransaction, card.updatedAt])
}

const DETACH_SOURCES = prepared(
  'cards_detach_sources',
  'UPDATE card_funding_sources SET detached_at = $2 WHERE card_id = $1 AND detached_at IS NULL AND NOT (account_id = ANY($3::text[]))',
)
const ATTACH_SOURCES = prepared(
  'cards_attach_sources',
  `INSERT INTO card_funding_sources (id, card_id, account_id, account_type, position, created_at)
   SELECT s.id, $1, s.account_id, s.account_type, s.position, $2
     FROM unnest($3::text[], $4::text[], $5::int[], $6::text[]) AS s(id, account_id, position, account_type)`,
)
const REORDER_SOURCES = prepared(
  'cards_reorder_sources',
  `UPDATE card_funding_sources f SET position = s.position
     FROM unnest($2::text[], $3::int[]) AS s(id, position) WHERE f.id = s.id AND f.card_id = $1`,
)

/**
 * Makes `next` the card's attached bindings: an account that stays keeps its binding id (a
 * delegated key names it), one that goes is detached, a new one is attached.
 */
export async function replaceFundingSources(tx: SqlTx, cardId: string, next: FundingSourceBinding[], kept: FundingSourceBinding[], now: Date): Promise<void> {
  await tx.query(DETACH_SOURCES, [cardId, now, next.map((s) => s.accountId)])
  const keptIds = new Set(kept.map((s) => s.id))
  const added = next.filter((s) => !keptIds.has(s.id))
  const stayed = next.filter((s) => keptIds.has(s.id))
  if (added.length > 0) {
    await tx.query(ATTACH_SOURCES, [
      cardId, now, added.map((s) => s.id), added.map((s) => s.accountId), added.map((s) => s.position), added.map((s) => s.accountType),
    ])
  }
  if (stayed.length > 0) await tx.query(REORDER_SOURCES, [cardId, stayed.map((s) => s.id), stayed.map((s) => s.position)])
}

const DETACH_ALL = prepared('cards_detach_all_sources', 'UPDATE card_funding_sources SET detached_at = $2 WHERE card_id = $1 AND detached_at IS NULL')

/** A closed card keeps no funding source. */
export async function detachAllFundingSources(tx: SqlTx, cardId: string, now: Date): Promise<void> {
  await tx.query(DETACH_ALL, [cardId, now])
}

const SET_SOURCE_TYPE = prepared('cards_set_source_type', 'UPDATE card_funding_sources SET account_type = $2 WHERE id = $1 AND account_type IS NULL')

/** Records the type of the account behind a binding made before types were kept. */
export async function setFundingSourceType(sql: SqlTx, bindingId: string, accountType: string): Promise<void> {
  await sql.query(SET_SOURCE_TYPE, [bindingId, accountType])
}

const LIVE_OF_CARDHOLDER_IDS = prepared(
  'cards_live_ids_of_cardholder',
  `SELECT id FROM cards WHERE platform_id = $1 AND environment = $2 AND cardholder_id = $3 AND state <> 'CLOSED' ORDER BY created_at, id LIMIT $4`,
)

/** Up to `limit` of the cardholder's cards that are not CLOSED, oldest first. */
export async function liveCardIdsOf(sql: SqlTx, tenant: Tenant, cardholderId: string, limit: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(LIVE_OF_CARDHOLDER_IDS, [tenant.platformId, tenant.environment, cardholderId, limit])
  return rows.map((row) => row.id)
}

export interface CardFilter {
  cardholderId?: string
  accountId?: string
  platformCardId?: string
  state?: string
}

// one statement per page: the filters, the keyset position (either direction) and the total (a
// row of nulls beside it when the page is empty)
const LIST = (direction: 'ASC' | 'DESC') =>
  prepared(
    `cards_list_${direction.toLowerCase()}`,
    `WITH matching AS (
       SELECT c.* FROM cards c
        WHERE c.platform_id = $1 AND c.environment = $2
          AND ($3::text IS NULL OR c.cardholder_id = $3)
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM card_funding_sources f WHERE f.card_id = c.id AND f.account_id = $4 AND f.detached_at IS NULL))
          AND ($5::text IS NULL OR c.platform_card_id = $5)
          AND ($6::text IS NULL OR c.state = $6)),
     page AS (
       SELECT ${CARD_COLUMNS}, ${SOURCES}
         FROM matching c
        WHERE $7::timestamptz IS NULL OR (c.created_at, c.id) ${direction === 'DESC' ? '<' : '>'} ($7, $8)
        ORDER BY c.created_at ${direction}, c.id ${direction}
        LIMIT $9)
     SELECT page.*, t.total FROM (SELECT count(*)::int AS total FROM matching) t LEFT JOIN page ON true
      ORDER BY page.created_at ${direction}, page.id ${direction}`,
  )
const LIST_DESC = LIST('DESC')
const LIST_ASC = LIST('ASC')

export interface CardListPage {
  cards: CardWithSources[]
  total: number
}

/** `limit` cards past `after` in the order asked, and how many match in all. */
export async function listCards(
  sql: SqlTx,
  tenant: Tenant,
  filter: CardFilter,
  order: 'asc' | 'desc',
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CardListPage> {
  const rows = await sql.query<CardRow & { total: number }>(order === 'asc' ? LIST_ASC : LIST_DESC, [
    tenant.platformId, tenant.environment, filter.cardholderId ?? null, filter.accountId ?? null, filter.platformCardId ?? null,
    filter.state ?? null, after?.createdAt ?? null, after?.id ?? null, limit,
  ])
  return { cards: rows.filter((row) => row.id !== null).map(cardOf), total: rows[0]?.total ?? 0 }
}
