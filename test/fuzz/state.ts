import pg from 'pg'

/** Per table (`service.table`), its row count and a digest of its rows. */
export type Snapshot = Map<string, string>

/**
 * Reads one platform's state in every service's database: each table's rows, counted and
 * digested, so a rejected request that inserted, updated or deleted anything shows. Rows are
 * those of the platform (its `platform_id`, or the `platformId` of an outbox event): meshes share
 * the test NATS server, and a service records events of other test files' platforms too.
 * `ignored` names the tables (`service.table`) written by rejected requests by design.
 */
export class StateProbe {
  private constructor(
    private readonly clients: Map<string, pg.Client>,
    private readonly queries: Map<string, string>,
    private readonly platformId: string,
  ) {}

  static async open(databaseUrls: Record<string, string>, platformId: string, ignored: ReadonlySet<string>): Promise<StateProbe> {
    const clients = new Map<string, pg.Client>()
    const queries = new Map<string, string>()
    for (const [service, url] of Object.entries(databaseUrls)) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      clients.set(service, client)
      const { rows } = await client.query<{ name: string; tenanted: boolean }>(
        `SELECT table_name AS name, bool_or(column_name = 'platform_id') AS tenanted
           FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
            AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
          GROUP BY table_name ORDER BY 1`,
      )
      const digests = rows
        .filter((table) => !ignored.has(`${service}.${table.name}`))
        .map((table) => {
          const ofPlatform = table.tenanted ? 'WHERE r.platform_id = $1' : table.name === 'outbox_events' ? "WHERE r.payload->>'platformId' = $1" : ''
          return `SELECT '${table.name}' AS name, count(*) || ':' || md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS digest FROM "${table.name}" r ${ofPlatform}`
        })
      queries.set(service, digests.join(' UNION ALL '))
    }
    return new StateProbe(clients, queries, platformId)
  }

  async snapshot(): Promise<Snapshot> {
    const snapshot: Snapshot = new Map()
    await Promise.all(
      [...this.clients].map(async ([service, client]) => {
        const { rows } = await client.query<{ name: string; digest: string }>(this.queries.get(service)!, [this.platformId])
        for (const row of rows) snapshot.set(`${service}.${row.name}`, row.digest)
      }),
    )
    return snapshot
  }

  /** A snapshot taken once the mesh has stopped moving: two in a row, `quietMs` apart, agree. */
  async settled(quietMs: number, timeoutMs: number): Promise<Snapshot> {
    const deadline = Date.now() + timeoutMs
    let previous = await this.snapshot()
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, quietMs))
      const next = await this.snapshot()
      if (changedTables(previous, next).length === 0 || Date.now() > deadline) return next
      previous = next
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.end()))
  }
}

export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table)
}
