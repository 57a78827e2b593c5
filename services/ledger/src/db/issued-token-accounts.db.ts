import { open, type Db } from './client.js'
import type { Tenant } from '../domain/types.js'

/**
 * The token's holding account under the caller's id, once: an INTERNAL ledger account (never
 * overdrawn) with no internal-account row, so it is no holding account of the API's lists. Answers
 * the currency the id holds, which differs from `currency` when the id was opened for another.
 */
export async function insertTokenHoldingAccount(db: Db, tenant: Tenant, id: string, currency: string): Promise<string | undefined> {
  await open(db).$executeRaw`
    INSERT INTO ledger_accounts (id, platform_id, environment, kind, currency)
    VALUES (${id}, ${tenant.platformId}, ${tenant.environment}, 'INTERNAL'::ledger_account_kind, ${currency})
    ON CONFLICT (id) DO NOTHING`
  const row = await open(db).ledgerAccount.findFirst({ where: { id, ...tenant }, select: { currency: true } })
  return row?.currency
}

/** Which of `currencies` have the tenant's issuance (FUNDING) account: the tokens it issues. */
export async function findIssuedCurrencies(db: Db, tenant: Tenant, currencies: string[]): Promise<string[]> {
  const rows = await open(db).ledgerAccount.findMany({
    where: { platformId: tenant.platformId, environment: tenant.environment, kind: 'FUNDING', currency: { in: currencies } },
    select: { currency: true },
  })
  return rows.map((row) => row.currency)
}
