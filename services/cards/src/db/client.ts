import { createSqlPool, type SqlPool, type SqlRunner } from '@pp/db'

/**
 * Every statement of this service goes through `pg` with prepared statements (hot paths:
 * authorizations, clearings), in transactions of its own; Prisma is the schema and migration
 * source (prisma/schema.prisma).
 */
export type Sql = SqlPool
/** The pool, or one connection inside a transaction. */
export type SqlTx = SqlRunner

export const openSql = (url: string, poolMax?: number): Sql => createSqlPool(url, poolMax)
