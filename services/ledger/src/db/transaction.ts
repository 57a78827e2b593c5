import type { Db, Tx } from './client.js'

/** The ledger's unit of work: one interactive transaction (waits for a pooled connection, see libs/db). */
export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.$transaction(work)
