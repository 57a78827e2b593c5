import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type Db = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax)
