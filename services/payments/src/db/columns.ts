/**
 * Rows between the domain's Prisma-shaped records (camelCase fields, bigints, Dates, JSON) and
 * the hot-path statements, which read rows as they are (`SELECT *`) and write whole rows with
 * `jsonb_populate_record`: one parameter per row, whatever its width. The payments schema maps
 * every field to its snake_case column, which these names follow.
 */
const camelByColumn = new Map<string, string>()

const camelOf = (column: string): string => {
  let name = camelByColumn.get(column)
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
    camelByColumn.set(column, name)
  }
  return name
}

const snakeOf = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/** A row read by `pg` (int8 as bigint, timestamptz as Date, jsonb parsed) as the record Prisma would give. */
export function recordOf<T>(row: Record<string, unknown>): T {
  const record: Record<string, unknown> = {}
  for (const column in row) record[camelOf(column)] = row[column]
  return record as T
}

/** A record as the JSON object `jsonb_populate_record` turns into a row: columns by name, bigints as decimal strings. */
export const rowJson = (record: object): string =>
  JSON.stringify(Object.fromEntries(Object.entries(record).map(([field, value]) => [snakeOf(field), value])), (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
