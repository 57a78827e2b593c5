import { prepared, type SqlRunner } from '@pp/db'

/** A stored identifier: its row and the text the row holds now. */
export interface StoredIdentifier {
  id: string
  stored: string
}

/** Where identifiers live: a customer's column, and a beneficial owner's personal information. */
export type IdentifierTable = 'customers' | 'beneficial_owners'

const FIND = {
  customers: prepared(
    'identifiers_customers_to_seal',
    "SELECT id, identifier AS stored FROM customers WHERE identifier IS NOT NULL AND identifier NOT LIKE $1 LIMIT $2",
  ),
  beneficial_owners: prepared(
    'identifiers_owners_to_seal',
    "SELECT id, personal_info->>'identifier' AS stored FROM beneficial_owners WHERE personal_info ? 'identifier' AND personal_info->>'identifier' NOT LIKE $1 LIMIT $2",
  ),
}

const REPLACE = {
  customers: prepared(
    'identifiers_customers_replace',
    `UPDATE customers c SET identifier = s.sealed FROM unnest($1::text[], $2::text[], $3::text[]) AS s(id, stored, sealed)
     WHERE c.id = s.id AND c.identifier = s.stored RETURNING c.id`,
  ),
  beneficial_owners: prepared(
    'identifiers_owners_replace',
    `UPDATE beneficial_owners o SET personal_info = jsonb_set(o.personal_info, '{identifier}', to_jsonb(s.sealed))
     FROM unnest($1::text[], $2::text[], $3::text[]) AS s(id, stored, sealed)
     WHERE o.id = s.id AND o.personal_info->>'identifier' = s.stored RETURNING o.id`,
  ),
}

/** Identifiers not sealed under the key `sealedPrefix` names (in the clear, or under a retired key), a batch at a time. */
export const findIdentifiersToSeal = (sql: SqlRunner, table: IdentifierTable, sealedPrefix: string, limit: number): Promise<StoredIdentifier[]> =>
  sql.query<StoredIdentifier>(FIND[table], [`${sealedPrefix}%`, limit])

/** Stores each row's newly sealed identifier if the row still holds what was read (a replica may have sealed it first). */
export async function replaceIdentifiers(sql: SqlRunner, table: IdentifierTable, rows: (StoredIdentifier & { sealed: string })[]): Promise<number> {
  const replaced = await sql.query(REPLACE[table], [rows.map((r) => r.id), rows.map((r) => r.stored), rows.map((r) => r.sealed)])
  return replaced.length
}
