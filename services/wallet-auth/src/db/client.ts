import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

/** A stored credential, as the use cases read it. */
export type { AuthMethod } from './generated/client.js'

export type Db = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax)

/** The index a unique violation hit, or undefined when `err` is not one. */
export function violatedUniqueIndex(err: unknown): string | undefined {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== 'P2002') return undefined
  const meta = err.meta as { driverAdapterError?: { cause?: { constraint?: { index?: string } } } } | undefined
  return meta?.driverAdapterError?.cause?.constraint?.index ?? 'unknown'
}
