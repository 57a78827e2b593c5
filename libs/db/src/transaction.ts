/** The part of a Prisma client that runs an interactive transaction. */
export interface TransactionRunner<Tx> {
  $transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
}

/**
 * A service's unit of work: one interactive transaction (waiting for a pooled connection, see
 * `createPrismaClient`). Use cases open it through here, so that `domain/` names the boundary
 * without touching Prisma's API; what runs inside goes through the service's `db/`.
 */
export const inTransaction = <Tx, T>(db: TransactionRunner<Tx>, work: (tx: Tx) => Promise<T>): Promise<T> => db.$transaction(work)
