import type { KeysetPosition } from '@pp/paging'
import { prepared, type SqlRunner } from '@pp/db'
import type { AccountStatus } from '../domain/internal-accounts/status-rules.js'
import type { AccountIdentity, InternalAccountRecord, InternalAccountType, PaymentInstructions, SweepRule } from '../domain/internal-accounts/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { InternalAccount, LedgerAccount, Prisma } from './generated/client.js'

type Balances = Pick<LedgerAccount, 'id' | 'currency' | 'debitsPending' | 'debitsPosted' | 'creditsPending' | 'creditsPosted' | 'updatedAt'>
type Row = InternalAccount & { ledgerAccount: Balances }

const withLedger = { ledgerAccount: true } as const

function toRecord(row: Row): InternalAccountRecord {
  const ledger = row.ledgerAccount
  return {
    id: row.id,
    platformId: row.platformId,
    environment: row.environment as InternalAccountRecord['environment'],
    customerId: row.customerId,
    type: row.type,
    currency: row.currency,
    status: row.status,
    label: row.label,
    // written only by this service, from validated input
    sweepRule: row.sweepRule as unknown as SweepRule | null,
    privateEnabled: row.privateEnabled,
    fundingInstructions: row.fundingInstructions as unknown as PaymentInstructions[],
    collectionKey: row.collectionKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    balanceUpdatedAt: ledger.updatedAt,
    balance: {
      accountId: ledger.id,
      currency: ledger.currency,
      debitsPending: ledger.debitsPending,
      debitsPosted: ledger.debitsPosted,
      creditsPending: ledger.creditsPending,
      creditsPosted: ledger.creditsPosted,
    },
  }
}

export type NewInternalAccount = Omit<InternalAccountRecord, 'balance' | 'updatedAt' | 'balanceUpdatedAt'>

/** The internal account row; its ledger account must exist already (same transaction). */
export async function insertInternalAccount(tx: Tx, account: NewInternalAccount): Promise<void> {
  const { createdAt, sweepRule, fundingInstructions, ...columns } = account
  await open(tx).internalAccount.create({
    data: {
      ...columns,
      sweepRule: (sweepRule ?? undefined) as Prisma.InputJsonObject | undefined,
      fundingInstructions: fundingInstructions as unknown as Prisma.InputJsonArray,
      createdAt,
      updatedAt: createdAt,
    },
  })
}

/** The production account an incoming credit names by its collection key, whichever tenant holds it. */
export async function findAccountByCollectionKey(db: Db, collectionKey: string): Promise<InternalAccountRecord | undefined> {
  const row = await open(db).internalAccount.findUnique({ where: { collectionKey }, include: withLedger })
  return row ? toRecord(row) : undefined
}

/** The next number of the collection sequence: each production account funded on a collection account gets its own. */
export async function nextCollectionNumber(tx: Tx): Promise<bigint> {
  const [row] = await open(tx).$queryRaw<Array<{ number: bigint }>>`SELECT nextval('internal_account_collection_numbers') AS "number"`
  return row!.number
}

export async function findInternalAccount(db: Db | Tx, tenant: Tenant, id: string): Promise<InternalAccountRecord | undefined> {
  const row = await open(db).internalAccount.findFirst({ where: { id, ...tenant }, include: withLedger })
  return row ? toRecord(row) : undefined
}

/**
 * An internal account (`ia`) and its ledger account (`la`) under Prisma's field names and value
 * types (int8 as bigint, enums as text), so that `joinedToRecord` maps them as `toRecord` maps a
 * Prisma row: the columns of every prepared statement that answers accounts with their balances.
 */
export const JOINED_ACCOUNT_COLUMNS = `ia.id, ia.platform_id AS "platformId", ia.environment, ia.customer_id AS "customerId", ia.type::text AS type,
          ia.currency, ia.status::text AS status, ia.label, ia.sweep_rule AS "sweepRule", ia.private_enabled AS "privateEnabled",
          ia.funding_instructions AS "fundingInstructions", ia.created_at AS "createdAt", ia.updated_at AS "updatedAt",
          la.currency AS "ledgerCurrency", la.debits_pending AS "debitsPending", la.debits_posted AS "debitsPosted",
          la.credits_pending AS "creditsPending", la.credits_posted AS "creditsPosted", la.updated_at AS "ledgerUpdatedAt"`

export type JoinedAccountRow = InternalAccount &
  Omit<Balances, 'id' | 'currency' | 'updatedAt'> & { ledgerCurrency: string; ledgerUpdatedAt: Date }

export function joinedToRecord(row: JoinedAccountRow): InternalAccountRecord {
  const { ledgerCurrency, debitsPending, debitsPosted, creditsPending, creditsPosted, ledgerUpdatedAt, ...account } = row
  return toRecord({
    ...account,
    ledgerAccount: { id: account.id, currency: ledgerCurrency, debitsPending, debitsPosted, creditsPending, creditsPosted, updatedAt: ledgerUpdatedAt },
  })
}

/** One prepared statement for the hot single read. */
const READ_ACCOUNT = prepared(
  'ledger.read_internal_account',
  `SELECT ${JOINED_ACCOUNT_COLUMNS}
     FROM internal_accounts ia
     JOIN ledger_accounts la ON la.id = ia.id
    WHERE ia.id = $1 AND ia.platform_id = $2 AND ia.environment = $3`,
)

/** The tenant's account, as `findInternalAccount` reads it, outside any transaction. */
export async function readInternalAccount(sql: SqlRunner, tenant: Tenant, id: string): Promise<InternalAccountRecord | undefined> {
  const [row] = await sql.query<JoinedAccountRow>(READ_ACCOUNT, [id, tenant.platformId, tenant.environment])
  return row ? joinedToRecord(row) : undefined
}

const CUSTOMER_ACCOUNT_FACTS = prepared(
  'ledger.customer_account_facts',
  `SELECT id, customer_id AS "customerId", type, status, currency
     FROM internal_accounts
    WHERE platform_id = $1 AND environment = $2 AND customer_id = $3 AND currency = $4
    ORDER BY created_at DESC, id DESC`,
)

/** The facts of the customer's accounts in the currency, newest first: one statement, no balances. */
export async function findCustomerAccountFacts(sql: SqlRunner, tenant: Tenant, customerId: string, currency: string): Promise<AccountIdentity[]> {
  return sql.query<AccountIdentity>(CUSTOMER_ACCOUNT_FACTS, [tenant.platformId, tenant.environment, customerId, currency])
}

/** The accounts an owner (a customer, or the platform when null) holds, oldest first. */
export async function findOwnedAccounts(db: Db | Tx, tenant: Tenant, customerId: string | null): Promise<InternalAccountRecord[]> {
  const rows = await open(db).internalAccount.findMany({
    where: { ...tenant, customerId },
    include: withLedger,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  return rows.map(toRecord)
}

export async function updateAccountStatus(tx: Tx, id: string, status: AccountStatus, at: Date): Promise<void> {
  await open(tx).internalAccount.update({ where: { id }, data: { status, updatedAt: at } })
}

export async function updateAccountPrivacy(tx: Tx, id: string, privateEnabled: boolean, at: Date): Promise<void> {
  await open(tx).internalAccount.update({ where: { id }, data: { privateEnabled, updatedAt: at } })
}

/**
 * Serializes provisioning of one owner (a customer, or the platform) for the rest of the
 * transaction, so a redelivered event racing the original cannot provision twice; the unique
 * index of provisioned accounts backs this up.
 */
export async function lockOwner(tx: Tx, tenant: Tenant, customerId: string | null): Promise<void> {
  const key = `${tenant.platformId}/${tenant.environment}/${customerId ?? 'PLATFORM'}`
  await open(tx).$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`
}

export interface AccountFilters {
  owner: 'CUSTOMER' | 'PLATFORM'
  customerId?: string
  currency?: string
  type?: InternalAccountType
}

function filtersToWhere(tenant: Tenant, filters: AccountFilters): Prisma.InternalAccountWhereInput {
  return {
    ...tenant,
    customerId: filters.owner === 'PLATFORM' ? null : (filters.customerId ?? { not: null }),
    currency: filters.currency,
    type: filters.type,
  }
}

export async function findAccountPage(
  db: Db,
  tenant: Tenant,
  filters: AccountFilters,
  after: KeysetPosition | undefined,
  take: number,
): Promise<InternalAccountRecord[]> {
  const where = filtersToWhere(tenant, filters)
  const afterPosition = after && {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  }
  const rows = await open(db).internalAccount.findMany({
    where: afterPosition ? { AND: [where, afterPosition] } : where,
    include: withLedger,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  })
  return rows.map(toRecord)
}

export const countAccounts = (db: Db, tenant: Tenant, filters: AccountFilters): Promise<number> =>
  open(db).internalAccount.count({ where: filtersToWhere(tenant, filters) })
