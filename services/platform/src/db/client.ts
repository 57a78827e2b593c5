import { createPrismaClient, handleOpener, type DbHandle, type HandleOpener, type TxHandle } from '@pp/db'
import { PrismaClient, type Prisma } from './generated/client.js'

/** The database as domain/ holds it: handed to db/'s queries and to `inTransaction`, opened only in db/. */
export type PlatformDb = DbHandle<'platform'>
/** An interactive transaction as domain/ holds it. */
export type Tx = TxHandle<'platform'>

/** db/'s side of the handles: the Prisma client they are. */
export const open: HandleOpener<'platform', PrismaClient, Prisma.TransactionClient> = handleOpener()

export const createPlatformDb = (url: string): PlatformDb => createPrismaClient(PrismaClient, url) as unknown as PlatformDb
