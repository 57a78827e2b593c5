import pg from 'pg'
import { withDatabase } from '@pp/db'

/** The role test meshes serve as: rows only, as a deployment's services do (see grantRuntimeRole). */
export const TEST_RUNTIME_ROLE = 'pp_runtime'
// a server of the tests' own (the fault suite's embedded one) asks for passwords; trust auth ignores it
const TEST_RUNTIME_PASSWORD = 'pp_runtime'

const ensured = new Map<string, Promise<void>>()

/**
 * `databaseUrl` logging in as the runtime role instead, the role made on its server when missing
 * (once per server and process). The database's owner keeps migrating it: a service given this as
 * DATABASE_URL and the owner's URL as MIGRATION_DATABASE_URL serves without DDL or TRUNCATE.
 */
export async function runtimeRoleUrl(databaseUrl: string): Promise<string> {
  const server = withDatabase(databaseUrl, 'postgres')
  if (!ensured.has(server)) ensured.set(server, createRole(server))
  await ensured.get(server)
  const url = new URL(databaseUrl)
  url.username = TEST_RUNTIME_ROLE
  url.password = TEST_RUNTIME_PASSWORD
  return url.toString()
}

async function createRole(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    // roles are the server's: concurrent test processes may race to make it
    await admin.query(
      `DO $$ BEGIN CREATE ROLE ${TEST_RUNTIME_ROLE} LOGIN PASSWORD '${TEST_RUNTIME_PASSWORD}'; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    )
  } finally {
    await admin.end()
  }
}
