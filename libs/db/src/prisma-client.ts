import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { watchPool } from './pool-metrics.js'

export interface PrismaClientOptions {
  adapter: PrismaPg
  transactionOptions: { maxWait: number; timeout: number }
}

/**
 * Every service's transactions are short, but a burst of requests can queue for a pooled
 * connection: an interactive transaction waits for one up to 15 s rather than failing after
 * Prisma's 2 s default, which would turn load into 500s.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 10_000 }

/**
 * Builds a service's generated Prisma client on the pg driver adapter (no query engine binary),
 * over a pool of ours so that its connections are in the metrics; `$disconnect` ends it.
 */
export function createPrismaClient<C>(Ctor: new (options: PrismaClientOptions) => C, url: string, poolMax = 10): C {
  const pool = new pg.Pool({ connectionString: url, max: poolMax })
  watchPool(pool, 'prisma')
  return new Ctor({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: TRANSACTION_OPTIONS })
}

/**
 * A UNIQUE constraint or primary key refused the write: Prisma's P2002, Postgres 23505 from
 * Prisma's raw SQL (P2010, inside an interactive transaction too), or 23505 itself from a prepared
 * statement (`createSqlPool`). Read from
 * the error's fields, so it holds for every service's generated client and for `pg`.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const { code, meta } = err as { code?: unknown; meta?: RawQueryErrorMeta }
  if (code === 'P2002' || code === '23505') return true
  // the driver adapter's cause, or the older top-level code
  return code === 'P2010' && String(meta?.driverAdapterError?.cause?.originalCode ?? meta?.code) === '23505'
}

/** What Prisma's raw SQL (P2010) says of the database's error. */
interface RawQueryErrorMeta {
  code?: unknown
  driverAdapterError?: { cause?: { originalCode?: unknown; constraint?: { index?: string } } }
}

/**
 * The index a unique violation hit (see `isUniqueViolation`), 'unknown' when the error names none,
 * or undefined when `err` is not a unique violation: for use cases that answer differently per key.
 */
export function violatedUniqueIndex(err: unknown): string | undefined {
  if (!isUniqueViolation(err)) return undefined
  const { meta, constraint } = err as { meta?: RawQueryErrorMeta; constraint?: string }
  return meta?.driverAdapterError?.cause?.constraint?.index ?? constraint ?? 'unknown'
}
