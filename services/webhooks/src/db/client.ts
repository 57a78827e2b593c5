import { createPrismaClient, createSqlPool, handleOpener, type DbHandle, type HandleOpener, type SqlPool, type SqlPoolOptions, type SqlRunner, type TxHandle } from '@pp/db'
import { PrismaClient, type Prisma } from './generated/client.js'

/** The database as domain/ holds it: handed to db/'s queries and to `inTransaction`, opened only in db/. */
export type Db = DbHandle<'webhooks'>
/** An interactive transaction as domain/ holds it. */
export type Tx = TxHandle<'webhooks'>

/** db/'s side of the handles: the Prisma client they are. */
export const open: HandleOpener<'webhooks', PrismaClient, Prisma.TransactionClient> = handleOpener()

/** The hot path's driver (prepared statements): claims, attempts and queueing; Prisma serves the rest. */
export type Sql = SqlPool
export type SqlTx = SqlRunner

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax) as unknown as Db

export const openSql = (url: string, poolMax?: number, options?: SqlPoolOptions): Sql => createSqlPool(url, poolMax, options)
