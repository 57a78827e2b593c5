import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { parsePrismaSchema, type SchemaColumn } from './prisma-schema.js'

interface DbColumn {
  table_name: string
  column_name: string
  data_type: string
  udt_name: string
  is_nullable: 'YES' | 'NO'
}

const PRISMA_TO_PG: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp without time zone',
  Json: 'jsonb',
  Decimal: 'numeric',
  Float: 'double precision',
  Bytes: 'bytea',
}

const NATIVE_TO_PG: Record<string, string> = {
  Timestamptz: 'timestamp with time zone',
  Timestamp: 'timestamp without time zone',
  Date: 'date',
  VarChar: 'character varying',
  Char: 'character',
  Uuid: 'uuid',
  Text: 'text',
  Integer: 'integer',
  SmallInt: 'smallint',
  JsonB: 'jsonb',
  Json: 'json',
}

/** The schema text of a `schema.prisma` file or of a folder of `.prisma` files (multi-file schema). */
function readSchema(schemaPath: string): string {
  if (!statSync(schemaPath).isDirectory()) return readFileSync(schemaPath, 'utf8')
  return readdirSync(schemaPath)
    .filter((name) => name.endsWith('.prisma'))
    .sort()
    .map((name) => readFileSync(join(schemaPath, name), 'utf8'))
    .join('\n')
}

/**
 * Differences between a migrated database and its Prisma schema: missing or extra tables and
 * columns, other types, other nullability, other enum values. An empty list means no drift.
 */
export async function findSchemaDrift(url: string, schemaPath: string): Promise<string[]> {
  const schema = parsePrismaSchema(readSchema(schemaPath))
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const columns = await client.query<DbColumn>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    )
    const labels = await client.query<{ typname: string; labels: string[] }>(
      `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    )
    const byTable = groupBy(columns.rows, (c) => c.table_name)
    const problems: string[] = []
    for (const model of schema.models) {
      const actual = byTable.get(model.table)
      if (!actual) {
        problems.push(`table ${model.table} (model ${model.name}) is missing`)
        continue
      }
      byTable.delete(model.table)
      problems.push(...compareColumns(model.table, model.columns, actual))
    }
    for (const table of byTable.keys()) problems.push(`table ${table} is not in the schema`)
    const dbEnums = new Map(labels.rows.map((r) => [r.typname, r.labels]))
    for (const { dbName, values } of schema.enums.values()) {
      const actual = dbEnums.get(dbName)
      if (actual?.join(',') !== values.join(',')) {
        problems.push(`enum ${dbName}: expected [${values.join(', ')}], found [${actual?.join(', ') ?? 'none'}]`)
      }
    }
    return problems
  } finally {
    await client.end()
  }
}

function compareColumns(table: string, expected: SchemaColumn[], actual: DbColumn[]): string[] {
  const problems: string[] = []
  const remaining = new Map(actual.map((c) => [c.column_name, c]))
  for (const column of expected) {
    const found = remaining.get(column.column)
    remaining.delete(column.column)
    if (!found) {
      problems.push(`${table}.${column.column} is missing`)
      continue
    }
    const type = expectedType(column)
    const actualType = found.data_type === 'USER-DEFINED' ? `enum ${found.udt_name}` : found.data_type
    if (type !== actualType) problems.push(`${table}.${column.column}: expected ${type}, found ${actualType}`)
    const nullable = column.isOptional ? 'YES' : 'NO'
    if (found.is_nullable !== nullable) {
      problems.push(`${table}.${column.column}: expected ${nullable === 'YES' ? 'nullable' : 'NOT NULL'}`)
    }
  }
  for (const name of remaining.keys()) problems.push(`${table}.${name} is not in the schema`)
  return problems
}

function expectedType(column: SchemaColumn): string {
  if (column.isList) return 'ARRAY'
  if (column.enumName) return `enum ${column.enumName}`
  return (column.nativeType && NATIVE_TO_PG[column.nativeType]) ?? PRISMA_TO_PG[column.prismaType] ?? column.prismaType
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}
