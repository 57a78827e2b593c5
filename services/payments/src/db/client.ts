import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type Db = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax)

/** Payments transactions are short: a row lock, an insert or two and the outbox. */
export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.$transaction(work)
