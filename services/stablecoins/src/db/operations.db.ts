import type { KeysetPosition } from '@pp/paging'
import type { Leg } from '../domain/types.js'
import type { OperationRecord, Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Operation } from './generated/client.js'
import { keysetAfter, scopeOf } from './provider-accounts.db.js'

type StoredLeg = Omit<Leg, 'amount'> & { amount: string }

const toRecord = (row: Operation): OperationRecord => ({
  ...row,
  environment: row.environment as Tenant['environment'],
  source: row.source as Record<string, string>,
  destination: row.destination as Record<string, string>,
  legs: (row.legs as StoredLeg[]).map((leg) => ({ ...leg, amount: BigInt(leg.amount) })),
})

/** Inserts the operation unless its id exists (a retry of its key); answers whether it did. */
export async function insertOperationOnce(tx: Tx, record: OperationRecord): Promise<boolean> {
  const legs = record.legs.map((leg) => ({ ...leg, amount: leg.amount.toString() }))
  const { count } = await open(tx).operation.createMany({ data: [{ ...record, legs }], skipDuplicates: true })
  return count === 1
}

/** Moves a CREATED operation on once its hold is made; undefined when it had moved on already. */
export async function markHeld(tx: Tx, id: string, at: Date): Promise<OperationRecord | undefined> {
  const { count } = await open(tx).operation.updateMany({ where: { id, status: 'CREATED' }, data: { status: 'PENDING_PROVIDER', updatedAt: at } })
  if (count === 0) return undefined
  return toRecord(await open(tx).operation.findUniqueOrThrow({ where: { id } }))
}

/** An operation the ledger refused to hold for leaves no trace: neither it nor its job. */
export async function discardOperation(tx: Tx, id: string): Promise<void> {
  await open(tx).job.deleteMany({ where: { subjectId: id } })
  await open(tx).operation.deleteMany({ where: { id, status: 'CREATED' } })
}

export async function findOperation(db: Db | Tx, tenant: Tenant, id: string): Promise<OperationRecord | undefined> {
  const row = await open(db).operation.findFirst({ where: { id, ...scopeOf(tenant) } })
  return row ? toRecord(row) : undefined
}

/** Records the provider's outcome of an operation not final yet; undefined when it was final already. */
export async function finishOperation(
  tx: Tx, id: string, outcome: { status: string; providerStatus: string; failureReason?: string }, at: Date,
): Promise<OperationRecord | undefined> {
  const { count } = await open(tx).operation.updateMany({
    where: { id, status: { in: ['CREATED', 'PENDING_PROVIDER'] } },
    data: { status: outcome.status, providerStatus: outcome.providerStatus, failureReason: outcome.failureReason ?? null, updatedAt: at },
  })
  if (count === 0) return undefined
  return toRecord(await open(tx).operation.findUniqueOrThrow({ where: { id } }))
}

export async function findOperationPage(
  db: Db, tenant: Tenant, stablecoinId: string, operationType: string | undefined, after: KeysetPosition | undefined, take: number,
): Promise<{ rows: OperationRecord[]; totalCount: number }> {
  const where = { ...scopeOf(tenant), stablecoinId, ...(operationType ? { operationType } : {}) }
  const [rows, totalCount] = await Promise.all([
    open(db).operation.findMany({ where: { ...where, ...keysetAfter(after) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    open(db).operation.count({ where }),
  ])
  return { rows: rows.map(toRecord), totalCount }
}
