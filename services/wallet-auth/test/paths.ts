import { join } from 'node:path'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')
export const SCHEMA_PATH = join(import.meta.dirname, '../prisma/schema')
