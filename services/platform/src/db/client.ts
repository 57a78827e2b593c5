import { createPrismaClient } from '@pp/db'
import { Prisma, PrismaClient } from './generated/client.js'

export type PlatformDb = PrismaClient
/** The client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

export const createPlatformDb = (url: string): PlatformDb => createPrismaClient(PrismaClient, url)

/** A UNIQUE constraint refused the write (for example two callers creating the same platform name). */
export const isUniqueViolation = (err: unknown): boolean =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002'
