import { createPrismaClient, createSqlPool, type SqlPool, type SqlPoolOptions, type SqlRunner } from '@pp/db'
import { PrismaClient, type Prisma } from './generated/client.js'

export type Db = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

/** The hot path's driver (prepared statements): claims, attempts and queueing; Prisma serves the rest. */
export type Sql = SqlPool
export type SqlTx = SqlRunner

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax)

export const openSql = (url: string, poolMax?: number, options?: SqlPoolOptions): Sql => createSqlPool(url, poolMax, options)
