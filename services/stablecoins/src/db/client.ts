import { createPrismaClient, handleOpener, type DbHandle, type HandleOpener, type TxHandle } from '@pp/db'
import { PrismaClient, type Prisma } from './generated/client.js'

/** The database as domain/ holds it: handed to db/'s queries and to `inTransaction`, opened only in db/. */
export type Db = DbHandle<'stablecoins'>
/** An interactive transaction as domain/ holds it. */
export type Tx = TxHandle<'stablecoins'>

/** db/'s side of the handles: the Prisma client they are. */
export const open: HandleOpener<'stablecoins', PrismaClient, Prisma.TransactionClient> = handleOpener()

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax) as unknown as Db
