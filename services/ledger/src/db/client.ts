import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type Db = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax)

/** A UNIQUE constraint or primary key refused the write (Prisma's P2002, or Postgres 23505 from raw SQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    return err.code === 'P2002' || (err.code === 'P2010' && String(err.meta?.code) === '23505')
  }
  return false
}
