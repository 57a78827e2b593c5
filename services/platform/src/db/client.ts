import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type PlatformDb = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const createPlatformDb = (url: string): PlatformDb => createPrismaClient(PrismaClient, url)
