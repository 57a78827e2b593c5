import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { withDatabase } from '@pp/db'
import pg from 'pg'

const SCALE = 10

/** pgbench's tpcb-like TPS with `clients` clients on a database of its own on the mesh's server, dropped afterwards. */
export async function measurePgbench(serverUrl: string, clients: number, seconds: number): Promise<number> {
  const database = `bench_pgbench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  try {
    const url = new URL(serverUrl)
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }
    const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres']
    execFileSync('pgbench', [...args, '-i', '-s', String(SCALE), '-q', database], { stdio: 'ignore', env })
    const output = execFileSync('pgbench', [...args, '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), database], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'ignore'], // its progress lines
    })
    const tps = /tps = ([\d.]+)/.exec(output)?.[1]
    if (!tps) throw new Error(`pgbench printed no tps:\n${output}`)
    return Number(tps)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  }
}
