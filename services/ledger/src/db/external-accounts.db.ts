import type { KeysetPosition } from '@pp/paging'
import { prepared, type SqlRunner } from '@pp/db'
import type { AchValidationStatus, BeneficiaryVerificationStatus, ExternalAccountStatus } from '../domain/external-accounts/types.js'
import type { AccountInfoInput, OwnershipType } from '../domain/external-accounts/types.js'
import type { Tenant } from '../domain/types.js'
import { Prisma } from './generated/client.js'
import { open, type Db, type Tx } from './client.js'
import type { ExternalAccount } from './generated/client.js'

/** An external account row as the domain reads it. */
export interface ExternalAccountRecord extends Tenant {
  id: string
  customerId: string | null
  accountType: string
  currency: string
  /** As stored: the bank account numbers sealed (see bank-account-sealing.ts); a view opens them. */
  accountInfo: AccountInfoInput
  /** The keyed HMAC of the account's identifying numbers that the duplicate check compares. */
  identityKey: string
  platformAccountId: string | null
  ownershipType: OwnershipType | null
  defaultUmaDepositAccount: boolean
  status: ExternalAccountStatus
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus | null
  beneficiaryVerifiedName: string | null
  achValidationStatus: AchValidationStatus | null
  achValidatesAt: Date | null
  achValidationOutcome: AchValidationStatus | null
  isTrusted: boolean
  createdAt: Date
  updatedAt: Date
}

/** The partial unique index that keeps one live account per owner, currency and identity. */
export const LIVE_IDENTITY_INDEX = 'external_accounts_live_identity_key'

const toRecord = ({ deletedAt: _deletedAt, ...row }: ExternalAccount): ExternalAccountRecord => ({
  ...row,
  environment: row.environment as Tenant['environment'],
  // written only by this service, from validated input
  accountInfo: row.accountInfo as unknown as AccountInfoInput,
  ownershipType: row.ownershipType as OwnershipType | null,
})

export type NewExternalAccount = Omit<ExternalAccountRecord, 'updatedAt' | 'isTrusted'>

export async function insertExternalAccount(tx: Tx, account: NewExternalAccount): Promise<void> {
  const { accountInfo, createdAt, ...columns } = account
  await open(tx).externalAccount.create({
    data: { ...columns, accountInfo: accountInfo as unknown as Prisma.InputJsonObject, createdAt, updatedAt: createdAt },
  })
}

/** The owner a route may see: a customer's accounts on /customers, the platform's own on /platform. */
export type OwnerScope = 'CUSTOMER' | 'PLATFORM' | 'ANY'

const ownerWhere = (scope: OwnerScope): Prisma.ExternalAccountWhereInput =>
  scope === 'ANY' ? {} : { customerId: scope === 'PLATFORM' ? null : { not: null } }

/** A live (not deleted) account of the tenant; `forUpdate` locks its row for the transaction. */
export async function findExternalAccount(
  db: Db | Tx,
  tenant: Tenant,
  id: string,
  scope: OwnerScope,
): Promise<ExternalAccountRecord | undefined> {
  const row = await open(db).externalAccount.findFirst({ where: { id, ...tenant, deletedAt: null, ...ownerWhere(scope) } })
  return row ? toRecord(row) : undefined
}

/**
 * `findExternalAccount` as one prepared statement for the hot single reads, every column under
 * Prisma's field name so that `toRecord` maps it as it maps a Prisma row. $4 is the OwnerScope.
 */
const READ_ACCOUNT = prepared(
  'ledger.read_external_account',
  `SELECT id, platform_id AS "platformId", environment, customer_id AS "customerId", account_type AS "accountType",
          currency, account_info AS "accountInfo", identity_key AS "identityKey",
          platform_account_id AS "platformAccountId", ownership_type AS "ownershipType",
          default_uma_deposit_account AS "defaultUmaDepositAccount", status,
          beneficiary_verification_status AS "beneficiaryVerificationStatus",
          beneficiary_verified_name AS "beneficiaryVerifiedName", ach_validation_status AS "achValidationStatus",
          ach_validates_at AS "achValidatesAt", ach_validation_outcome AS "achValidationOutcome",
          is_trusted AS "isTrusted", created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
     FROM external_accounts
    WHERE id = $1 AND platform_id = $2 AND environment = $3 AND deleted_at IS NULL
      AND CASE $4::text WHEN 'ANY' THEN true WHEN 'PLATFORM' THEN customer_id IS NULL ELSE customer_id IS NOT NULL END`,
)

export async function readExternalAccount(
  sql: SqlRunner,
  tenant: Tenant,
  id: string,
  scope: OwnerScope,
): Promise<ExternalAccountRecord | undefined> {
  const [row] = await sql.query<ExternalAccount>(READ_ACCOUNT, [id, tenant.platformId, tenant.environment, scope])
  return row && toRecord(row)
}

/** Locks the account's row until the transaction ends, so concurrent changes of it serialize. */
export async function lockExternalAccount(tx: Tx, id: string): Promise<void> {
  await open(tx).$queryRaw`SELECT 1 FROM "external_accounts" WHERE "id" = ${id} FOR UPDATE`
}

export interface ExternalAccountFilters {
  scope: 'CUSTOMER' | 'PLATFORM'
  customerId?: string
  currency?: string
}

function filtersToWhere(tenant: Tenant, filters: ExternalAccountFilters): Prisma.ExternalAccountWhereInput {
  const owner = filters.scope === 'CUSTOMER' && filters.customerId ? { customerId: filters.customerId } : ownerWhere(filters.scope)
  return { ...tenant, deletedAt: null, currency: filters.currency, ...owner }
}

export async function findExternalAccountPage(
  db: Db,
  tenant: Tenant,
  filters: ExternalAccountFilters,
  after: KeysetPosition | undefined,
  take: number,
): Promise<ExternalAccountRecord[]> {
  const where = filtersToWhere(tenant, filters)
  const afterPosition = after && {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  }
  const rows = await open(db).externalAccount.findMany({
    where: afterPosition ? { AND: [where, afterPosition] } : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  })
  return rows.map(toRecord)
}

export const countExternalAccounts = (db: Db, tenant: Tenant, filters: ExternalAccountFilters): Promise<number> =>
  open(db).externalAccount.count({ where: filtersToWhere(tenant, filters) })

type AccountChanges = Partial<Pick<ExternalAccountRecord, 'status' | 'isTrusted' | 'achValidationStatus'>>

/** Applies `changes` to a live account; the caller holds its row lock. */
export async function updateExternalAccount(tx: Tx, id: string, changes: AccountChanges, at: Date): Promise<ExternalAccountRecord> {
  return toRecord(await open(tx).externalAccount.update({ where: { id }, data: { ...changes, updatedAt: at } }))
}

/** A trusted account is never deleted (a CHECK of the migration backs this up). */
export async function markExternalAccountDeleted(tx: Tx, id: string, at: Date): Promise<void> {
  await open(tx).externalAccount.update({ where: { id }, data: { deletedAt: at, updatedAt: at } })
}

/**
 * Claims up to `limit` US accounts whose ACH validation window has passed, locking them so that
 * concurrent finishing jobs (several replicas) take different rows.
 */
export async function claimDueAchValidations(tx: Tx, now: Date, limit: number): Promise<ExternalAccountRecord[]> {
  const ids = await open(tx).$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "external_accounts"
     WHERE "ach_validation_status" = 'VALIDATING' AND "ach_validates_at" <= ${now}
       AND "ach_validation_outcome" IS NOT NULL AND "deleted_at" IS NULL
     ORDER BY "ach_validates_at" LIMIT ${limit} FOR UPDATE SKIP LOCKED`
  if (ids.length === 0) return []
  const rows = await open(tx).externalAccount.findMany({ where: { id: { in: ids.map((r) => r.id) } } })
  return rows.map(toRecord)
}

/** When the earliest validation with a known outcome falls due (the partial index external_accounts_ach_due_idx answers it). */
export async function findNextAchValidationEnd(db: Db): Promise<Date | undefined> {
  const next = await open(db).externalAccount.findFirst({
    where: { achValidationStatus: 'VALIDATING', achValidationOutcome: { not: null }, deletedAt: null },
    orderBy: { achValidatesAt: 'asc' },
    select: { achValidatesAt: true },
  })
  return next?.achValidatesAt ?? undefined
}

