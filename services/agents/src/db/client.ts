import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type AgentsDb = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const createAgentsDb = (url: string): AgentsDb => createPrismaClient(PrismaClient, url)
