import type { Db, Tx } from './client.js'

/**
 * Ledger transactions are short (locks, a few updates, inserts), but a burst of transfers can
 * queue for a pooled connection; they wait for one longer than Prisma's 2 s default rather than fail.
 */
const OPTIONS = { maxWait: 15_000, timeout: 10_000 }

export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.$transaction(work, OPTIONS)
