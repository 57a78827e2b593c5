import { ensureSystemAccount } from '../../db/ledger-accounts.db.js'
import type { Db } from '../../db/client.js'
import type { Tenant } from '../types.js'
import type { AccountRef, LegRequest, RecordedLeg } from './types.js'

/** System account ids never change once created, so each database client remembers them. */
const systemAccountIds = new WeakMap<Db, Map<string, string>>()

/** The id an AccountRef names; a system account is created on first use. */
export async function resolveAccountId(db: Db, tenant: Tenant, ref: AccountRef): Promise<string> {
  if ('accountId' in ref) return ref.accountId
  const { kind, currency } = ref.system
  const known = systemAccountIds.get(db) ?? new Map<string, string>()
  systemAccountIds.set(db, known)
  const key = `${tenant.platformId}/${tenant.environment}/${kind}/${currency}`
  const cached = known.get(key)
  if (cached) return cached
  const id = await ensureSystemAccount(db, tenant, kind, currency)
  known.set(key, id)
  return id
}

/** Legs with both sides named by id. Runs before the transfer's transaction, which then only locks. */
export async function resolveLegs(db: Db, tenant: Tenant, legs: LegRequest[]): Promise<RecordedLeg[]> {
  const resolved: RecordedLeg[] = []
  for (const leg of legs) {
    resolved.push({
      debitAccountId: await resolveAccountId(db, tenant, leg.debit),
      creditAccountId: await resolveAccountId(db, tenant, leg.credit),
      currency: leg.currency,
      amount: leg.amount,
    })
  }
  return resolved
}
