/**
 * A `pnpm start` whose embedded Postgres outlives it: the test kills this process with SIGKILL, as
 * an unclean stop would, and the server it started keeps running on its data directory.
 */
import { embeddedPostgres } from '../../scripts/mesh/postgres.js'

const server = await embeddedPostgres(process.env.PG_DIR!, Number(process.env.PG_PORT))
await server.start()
console.log('ready')
