import pg from 'pg'

/**
 * The ledger's own view of one platform's money, read from the ledger service's database: what
 * its customers' accounts can spend, and whether every debit has its credit.
 */
export interface LedgerMoney {
  /** Posted credits less posted and pending debits over `accounts`, in cents. */
  available(accounts: string[]): Promise<bigint>
  /** Cents by which the platform's debits and credits, posted and pending, fail to match (0 in a sound ledger). */
  imbalance(platformId: string): Promise<bigint>
  close(): Promise<void>
}

export async function openLedgerMoney(ledgerDatabaseUrl: string): Promise<LedgerMoney> {
  const client = new pg.Client({ connectionString: ledgerDatabaseUrl })
  await client.connect()
  const sum = async (sql: string, parameter: unknown) => BigInt((await client.query<{ n: string | null }>(sql, [parameter])).rows[0]?.n ?? 0)
  return {
    available: (accounts) =>
      sum('SELECT sum(credits_posted - debits_posted - debits_pending) AS n FROM ledger_accounts WHERE id = ANY($1)', accounts),
    // per currency, so a surplus in one cannot hide a shortfall in another
    imbalance: (platformId) =>
      sum(
        `SELECT sum(abs(posted) + abs(pending)) AS n FROM (
           SELECT sum(debits_posted - credits_posted) AS posted, sum(debits_pending - credits_pending) AS pending
           FROM ledger_accounts WHERE platform_id = $1 GROUP BY currency) AS per_currency`,
        platformId,
      ),
    close: () => client.end(),
  }
}
