import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import pg from 'pg'

/** One node process of the mesh, named after the entry it runs. */
export interface MeshProcess {
  pid: number
  name: string
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

/** /proc/<pid>/stat after the command name, which may hold spaces: field 3 (state) onwards. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined // the process exited meanwhile
  }
}

/** The node processes at and under `rootPid`: the start script, every service and the gateway (not Postgres or NATS). */
export function meshProcesses(rootPid: number): MeshProcess[] {
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    const fields = Number.isInteger(pid) ? statFields(pid) : undefined
    if (fields) parentOf.set(pid, Number(fields[1]))
  }
  const inTree = (pid: number): boolean => pid === rootPid || (parentOf.has(pid) && pid > 1 && inTree(parentOf.get(pid)!))
  return [...parentOf.keys()].filter(inTree).flatMap((pid) => {
    const argv = commandLineOf(pid)
    if (!argv?.[0]?.endsWith('node')) return []
    const entry = argv.find((arg) => arg.endsWith('.ts')) ?? ''
    const name = /(?:services\/)?([\w-]+)\/src\/main\.ts$/.exec(entry)?.[1] ?? (entry.endsWith('start.ts') ? 'start script' : entry)
    return [{ pid, name }]
  })
}

/** A process's argv; undefined once it has exited (a short-lived child may go between two reads). */
function commandLineOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return undefined
  }
}

/** User plus system CPU seconds the processes have used so far. */
export function cpuSeconds(processes: MeshProcess[]): number {
  return processes.reduce((sum, { pid }) => {
    const fields = statFields(pid)
    // utime and stime are fields 14 and 15 of stat, 12 and 13 here
    return sum + (fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND : 0)
  }, 0)
}

/** Resident set size in MiB, from VmRSS in /proc/<pid>/status. */
export function rssMib(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kib ?? 0) / 1024
}

/**
 * Postgres's server processes, each named after the database its backend serves (or its role,
 * for the server's own processes), from pg_stat_activity: the database's share of the work, per service.
 */
async function postgresProcesses(serverUrl: string): Promise<MeshProcess[]> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number; name: string }>(
      "SELECT pid, 'postgres ' || coalesce(datname, backend_type) AS name FROM pg_stat_activity",
    )
    return rows
  } finally {
    await client.end()
  }
}

/**
 * CPU seconds per process name between the meter's start and `stop()`: what a measured phase cost
 * each part of the mesh, Postgres's backends included. Backends that come and go during the phase
 * count from when they are first seen.
 */
export async function cpuMeter(rootPid: number, serverUrl: string): Promise<{ stop(): Promise<Map<string, number>> }> {
  const sample = async () => {
    const byPid = new Map<number, { name: string; seconds: number }>()
    for (const p of [...meshProcesses(rootPid), ...(await postgresProcesses(serverUrl))]) byPid.set(p.pid, { name: p.name, seconds: cpuSeconds([p]) })
    return byPid
  }
  const before = await sample()
  return {
    async stop() {
      const spent = new Map<string, number>()
      for (const [pid, { name, seconds }] of await sample()) {
        spent.set(name, (spent.get(name) ?? 0) + seconds - (before.get(pid)?.seconds ?? 0))
      }
      return spent
    },
  }
}
