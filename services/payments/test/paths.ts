import { join } from 'node:path'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')
/** The schema folder: every area's .prisma file, this service's and the catalogue's. */
export const SCHEMA_PATH = join(import.meta.dirname, '../prisma/schema')
