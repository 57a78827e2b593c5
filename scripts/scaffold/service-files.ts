/**
 * The files of a new service's folder and its proto, as template functions of its names: the
 * skeleton of README's "Adding a service" (config, main via @pp/service, rpc with its caller
 * table, domain with its deps and one use case, db with its client and one query, events, the
 * Prisma schema and a first migration with the shared outbox and idempotency tables, a process
 * test and the migration drift test).
 */
import type { ServiceNames } from './names.js'

/** What a sibling's package.json gives the new one: its scripts, and the versions of the dependencies it shares. */
export interface SiblingPackage {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

const DEPENDENCIES = ['@grpc/grpc-js', '@prisma/client', '@prisma/adapter-pg', '@pp/config', '@pp/db', '@pp/events', '@pp/grpc', '@pp/logging', '@pp/proto', '@pp/service', '@pp/tenancy']
const DEV_DEPENDENCIES = ['prisma', '@pp/testing']

function versionsOf(names: string[], from: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(
    names.map((dependency) => {
      const version = from[dependency]
      if (version === undefined) throw new Error(`the sibling package.json has no ${field} ${dependency} to take its version from`)
      return [dependency, version]
    }),
  )
}

export function packageJson(n: ServiceNames, sibling: SiblingPackage): string {
  const manifest = {
    name: `@pp/${n.name}`,
    version: '0.0.0',
    private: true,
    type: 'module',
    scripts: sibling.scripts,
    dependencies: versionsOf(DEPENDENCIES, sibling.dependencies, 'dependency'),
    devDependencies: versionsOf(DEV_DEPENDENCIES, sibling.devDependencies, 'devDependency'),
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/** A migration folder's name for now, as the siblings name theirs: `20261205000000_init`. */
export const migrationFolder = (now: Date): string => `${now.toISOString().replace(/\D/g, '').slice(0, 14)}_init`

export function serviceFiles(n: ServiceNames, sibling: SiblingPackage, now: Date): Record<string, string> {
  const dir = `services/${n.name}`
  return {
    [`${dir}/package.json`]: packageJson(n, sibling),
    [`${dir}/tsconfig.json`]: tsconfig,
    [`${dir}/tsconfig.build.json`]: tsconfigBuild,
    [`${dir}/src/config.ts`]: config(n),
    [`${dir}/src/main.ts`]: main(n),
    [`${dir}/src/rpc/server.ts`]: rpcServer(n),
    [`${dir}/src/rpc/${n.name}-service.ts`]: rpcService(n),
    [`${dir}/src/rpc/callers.ts`]: callers(n),
    [`${dir}/src/domain/deps.ts`]: domainDeps(n),
    [`${dir}/src/domain/get-status.ts`]: getStatus(n),
    [`${dir}/src/db/client.ts`]: dbClient(n),
    [`${dir}/src/db/status.db.ts`]: statusQuery(n),
    [`${dir}/src/events/types.ts`]: eventTypes(n),
    [`${dir}/src/events/outbox.ts`]: outbox(n),
    [`${dir}/prisma/schema.prisma`]: prismaSchema,
    [`${dir}/prisma/migrations/${migrationFolder(now)}/migration.sql`]: firstMigration(n),
    [`${dir}/test/main.int.test.ts`]: mainTest(n),
    [`${dir}/test/schema.int.test.ts`]: schemaTest(n),
    [`proto/${n.snake}/v1/${n.snake}.proto`]: proto(n),
  }
}

const tsconfig = `{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "noEmit": true },
  "include": ["src", "test"]
}
`

const tsconfigBuild = `{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist" },
  "include": ["src"],
  "exclude": ["src/**/*.test.ts"]
}
`

const config = (n: ServiceNames): string => `import { baseConfigSchema, databaseConfig, eventSigningConfig, grpcAddress, idempotencyKeyTtlMs, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:${n.grpcPort}'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
})
  .refine(...migrationRoleRequiredInProduction)

export type ${n.pascal}Config = z.infer<typeof schema>

export const load${n.pascal}Config = (env: NodeJS.ProcessEnv = process.env): ${n.pascal}Config => loadConfig(schema, env)
`

const main = (n: ServiceNames): string => `import { join } from 'node:path'
import { expiredIdempotencyKeys } from '@pp/db'
import { startGrpcServer } from '@pp/grpc'
import { runService } from '@pp/service'
import { load${n.pascal}Config } from './config.js'
import { open, openDb } from './db/client.js'
import { ${n.camel}Store } from './db/status.db.js'
import type { ${n.pascal}Deps } from './domain/deps.js'
import { ${n.camel}Callers } from './rpc/callers.js'
import { ${n.camel}ServiceRegistrations } from './rpc/server.js'

const config = load${n.pascal}Config()
// a new service on the mesh's shared Postgres (max_connections): a small pool until measured otherwise
const DB_POOL_MAX = 4

runService({
  name: '${n.name}',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS)],
  async start({ logger, dependencies }) {
    const db = openDb(config.DATABASE_URL, DB_POOL_MAX)
    const deps: ${n.pascal}Deps = { store: ${n.camel}Store(db) }
    const server = await startGrpcServer(config.GRPC_ADDRESS, ${n.camel}ServiceRegistrations(deps, logger), logger, {
      dependencies,
      callers: ${n.camel}Callers,
    })
    return [() => server.shutdown(), () => open(db).$disconnect()]
  },
})
`

const rpcServer = (n: ServiceNames): string => `import type { ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { ${n.pascal}ServiceService } from '@pp/proto/${n.snake}/v1/${n.snake}'
import type { ${n.pascal}Deps } from '../domain/deps.js'
import { ${n.camel}Service } from './${n.name}-service.js'

export const ${n.camel}ServiceRegistrations = (deps: ${n.pascal}Deps, logger: Logger): ServiceRegistration[] => [
  { name: '${n.snake}.v1.${n.pascal}Service', definition: ${n.pascal}ServiceService, implementation: ${n.camel}Service(deps, logger) },
]
`

const rpcService = (n: ServiceNames): string => `import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { GetStatusRequest, GetStatusResponse, ${n.pascal}ServiceServer } from '@pp/proto/${n.snake}/v1/${n.snake}'
import type { ${n.pascal}Deps } from '../domain/deps.js'
import { getStatus } from '../domain/get-status.js'

/** ${n.snake}.v1.${n.pascal}Service: each method maps its message and runs one use case. */
export function ${n.camel}Service(deps: ${n.pascal}Deps, logger: Logger): ${n.pascal}ServiceServer {
  return unaryService(logger, {
    async getStatus(_request: GetStatusRequest): Promise<GetStatusResponse> {
      const status = await getStatus(deps)
      return { databaseTime: status.databaseTime.toISOString() }
    },
  })
}
`

const callers = (n: ServiceNames): string => `import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the ${n.name} service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls).
 */
export const ${n.camel}Callers: CallerTable = {
  '/${n.snake}.v1.${n.pascal}Service/GetStatus': ['gateway'],
}
`

const domainDeps = (n: ServiceNames): string => `/** What the use cases need of the database: db/ implements it, so domain/ names no Prisma type. */
export interface ${n.pascal}Store {
  /** The database server's clock. */
  databaseTime(): Promise<Date>
}

/**
 * What the use cases need; main.ts wires the real ones, tests their own. Every port is declared
 * in this file: the store, other services (their gRPC clients in src/clients/) and providers
 * (their implementations in src/providers/<kind>/).
 */
export interface ${n.pascal}Deps {
  store: ${n.pascal}Store
}
`

const getStatus = (n: ServiceNames): string => `import type { ${n.pascal}Deps } from './deps.js'

export interface ServiceStatus {
  databaseTime: Date
}

/** The service's status: its own database answers, with its clock. */
export async function getStatus(deps: ${n.pascal}Deps): Promise<ServiceStatus> {
  return { databaseTime: await deps.store.databaseTime() }
}
`

const dbClient = (n: ServiceNames): string => `import { createPrismaClient, handleOpener, type DbHandle, type HandleOpener, type TxHandle } from '@pp/db'
import { PrismaClient, type Prisma } from './generated/client.js'

/** The database as domain/ holds it: handed to db/'s queries and to \`inTransaction\`, opened only in db/. */
export type Db = DbHandle<'${n.name}'>
/** An interactive transaction as domain/ holds it. */
export type Tx = TxHandle<'${n.name}'>

/** db/'s side of the handles: the Prisma client they are. */
export const open: HandleOpener<'${n.name}', PrismaClient, Prisma.TransactionClient> = handleOpener()

export const openDb = (url: string, poolMax?: number): Db => createPrismaClient(PrismaClient, url, poolMax) as unknown as Db
`

const statusQuery = (n: ServiceNames): string => `import type { ${n.pascal}Store } from '../domain/deps.js'
import { open, type Db } from './client.js'

export const ${n.camel}Store = (db: Db): ${n.pascal}Store => ({
  async databaseTime() {
    const [row] = await open(db).$queryRaw<{ now: Date }[]>\`SELECT now() AS "now"\`
    if (!row) throw new Error('SELECT now() returned no row')
    return row.now
  },
})
`

const eventTypes = (n: ServiceNames): string => `/** Events this service publishes, on subjects \`events.${n.name}.<type>\`. */
export const EVENT_SOURCE = '${n.name}'

/** The types of its events, named as the spec's webhooks are (\`${n.constant}.CREATED\`, ...). */
export type ${n.pascal}EventType = \`${n.constant}.\${string}\`
`

const outbox = (n: ServiceNames): string => `import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import { open, type Tx } from '../db/client.js'
import { EVENT_SOURCE, type ${n.pascal}EventType } from './types.js'

/** Records an event in the caller's transaction; the relay (@pp/service) publishes it after commit. */
export async function recordEvent(tx: Tx, origin: Origin, type: ${n.pascal}EventType, data: unknown): Promise<void> {
  await writeOutbox(open(tx), EVENT_SOURCE, { type, ...originFields(origin), data })
}
`

const prismaSchema = `generator client {
  provider               = "prisma-client"
  output                 = "../src/db/generated"
  moduleFormat           = "esm"
  importFileExtension    = "js"
}

datasource db {
  provider = "postgresql"
}

/// An Idempotency-Key's first answer, replayed to its retries until IDEMPOTENCY_KEY_TTL_MS.
model IdempotencyKey {
  platformId  String   @map("platform_id")
  environment String
  key         String
  fingerprint String
  response    Json     @db.JsonB
  createdAt   DateTime @map("created_at") @db.Timestamptz(3)

  @@id([platformId, environment, key])
  @@index([createdAt], map: "idempotency_keys_created_at_idx")
  @@map("idempotency_keys")
}

/// Events written in the transaction of their change; the relay publishes them to JetStream.
model OutboxEvent {
  id          String    @id
  subject     String
  payload     Json      @db.JsonB
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(3)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(3)

  @@map("outbox_events")
}
`

const firstMigration = (n: ServiceNames): string => `-- The ${n.name} service's database: the idempotency keys and the outbox, as every service has them.

CREATE TABLE "idempotency_keys" (
  "platform_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "response" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("platform_id", "environment", "key")
);
-- the pruning (libs/db startPruning) deletes the keys older than IDEMPOTENCY_KEY_TTL_MS
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");

CREATE TABLE "outbox_events" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "published_at" TIMESTAMPTZ(3)
);
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("created_at") WHERE "published_at" IS NULL;
-- the pruning walks the published rows
CREATE INDEX "outbox_events_published_idx" ON "outbox_events" ("published_at") WHERE "published_at" IS NOT NULL;

-- Background loops LISTEN instead of polling: each trigger names the channel of the loop that has
-- new work; pg_notify is transactional, so a loop wakes only once the work is committed. A
-- statement-level trigger passes its inserted rows as "inserted": a statement that inserted none
-- wakes nobody.
CREATE FUNCTION "notify_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    IF NOT EXISTS (SELECT 1 FROM inserted) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;

CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('outbox_events');
`

const mainTest = (n: ServiceNames): string => `import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { ${n.pascal}ServiceClient } from '@pp/proto/${n.snake}/v1/${n.snake}'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'

it('runs as its own process: migrates, serves and stops cleanly', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('${n.snake}_main')
  const address = \`127.0.0.1:\${await freePort()}\`
  const service = startProcess('${n.name}', 'services/${n.name}/src/main.ts', { DATABASE_URL: database.url, GRPC_ADDRESS: address, NATS_URL: natsUrl })
  const client = createGrpcClient(${n.pascal}ServiceClient, address)
  try {
    await waitUntil(() => checkHealth(address), \`${n.name} service at \${address}\\n\${service.output()}\`)
    const status = await callUnary(client, client.getStatus, {}, {})
    expect(Number.isNaN(Date.parse(status.databaseTime))).toBe(false)

    await service.stop('SIGTERM')
    expect(service.child.exitCode).toBe(0)
  } finally {
    client.close()
    await service.stop()
    await database.drop()
  }
})
`

const schemaTest = (n: ServiceNames): string => `import { join } from 'node:path'
import { findSchemaDrift } from '@pp/db'
import { createTestDatabase } from '@pp/testing'
import { expect, it } from 'vitest'

it('migrations produce exactly the Prisma schema', async () => {
  const database = await createTestDatabase('${n.snake}_drift', join(import.meta.dirname, '../prisma/migrations'))
  try {
    expect(await findSchemaDrift(database.url, join(import.meta.dirname, '../prisma/schema.prisma'))).toEqual([])
  } finally {
    await database.drop()
  }
})
`

const proto = (n: ServiceNames): string => `syntax = "proto3";

package ${n.snake}.v1;

// The ${n.name} service. Every call acts on the tenant (platform and environment) carried in the
// call metadata; another tenant's rows do not exist to it (404 NOT_FOUND).
service ${n.pascal}Service {
  // The service's own database answers, with its clock: a first method through every layer.
  rpc GetStatus(GetStatusRequest) returns (GetStatusResponse);
}

message GetStatusRequest {}

message GetStatusResponse {
  // ISO 8601, the database server's time.
  string database_time = 1;
}
`
