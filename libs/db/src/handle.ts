import { prismaRunner, type SqlRunner } from './sql-pool.js'

/** The part of a Prisma client that runs an interactive transaction. */
interface TransactionRunner<Tx> {
  $transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
}

declare const database: unique symbol
declare const transaction: unique symbol

/**
 * An interactive transaction of service `S` as `domain/` holds it: something to hand to `db/`'s
 * queries, with no method of its own. At run time it is the service's Prisma transaction client;
 * only its `db/client.ts` opens it (a cast), so Prisma's API stays in `db/`.
 */
export interface TxHandle<S extends string> {
  readonly [transaction]: S
}

/**
 * Service `S`'s database as `domain/` holds it (at run time its Prisma client). Like Prisma's
 * client, it runs what a transaction runs (each statement on its own), so it stands for a `TxHandle`.
 */
export interface DbHandle<S extends string> extends TxHandle<S> {
  readonly [database]: S
}

/**
 * `db/`'s side of service `S`'s handles: the Prisma client (`Client`) and transaction client
 * (`TxClient`) they are. Each service's db/client.ts declares its `open` with it.
 */
export interface HandleOpener<S extends string, Client, TxClient> {
  (db: DbHandle<S>): Client
  (tx: TxHandle<S>): TxClient
}

const identity = (handle: unknown): unknown => handle

/** A service's `open`: a cast, the same function for every service, nothing allocated or run. */
export const handleOpener = <S extends string, Client, TxClient>(): HandleOpener<S, Client, TxClient> => identity as HandleOpener<S, Client, TxClient>

/**
 * A use case's unit of work: one interactive transaction, with the client's transaction options
 * (see `createPrismaClient`). `domain/` opens it through here and hands `tx` to `db/`.
 */
export const inTransaction = <S extends string, T>(db: DbHandle<S>, work: (tx: TxHandle<S>) => Promise<T>): Promise<T> =>
  (db as unknown as TransactionRunner<TxHandle<S>>).$transaction(work)

/** The statements runner over a handle, for the SQL that `@pp/db` and `db/` share between drivers (the idempotency store). */
export const sqlOf = <S extends string>(handle: TxHandle<S>): SqlRunner => prismaRunner(handle as unknown as Parameters<typeof prismaRunner>[0])
