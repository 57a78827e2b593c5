import { withDatabase } from '@pp/db'
import { meshServices } from '../../../scripts/mesh/services.js'
import { cpuSeconds, meshProcesses } from '../mesh-processes.js'
import type { LocalMesh } from '../mesh.js'
import { openSqlCounter } from '../sql-activity.js'

export interface IdleFigures {
  /** Percent of one core, summed over the mesh's node processes. */
  cpuPercent: number
  statementsPerSecond: number
  sqlMethod: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the mesh costs doing nothing: CPU and SQL over `seconds`, after `settleSeconds` for start-up work to finish. */
export async function measureIdle(mesh: LocalMesh, settleSeconds: number, seconds: number): Promise<IdleFigures> {
  const sql = await openSqlCounter(withDatabase(mesh.postgresUrl, 'postgres'), meshServices.map((s) => s.name))
  try {
    await sleep(settleSeconds * 1000)
    const processes = meshProcesses(mesh.pid)
    const [cpuBefore, sqlBefore, startedAt] = [cpuSeconds(processes), await sql.read(), performance.now()]
    await sleep(seconds * 1000)
    const elapsed = (performance.now() - startedAt) / 1000
    return {
      cpuPercent: ((cpuSeconds(processes) - cpuBefore) / elapsed) * 100,
      statementsPerSecond: ((await sql.read()) - sqlBefore) / elapsed,
      sqlMethod: sql.method,
    }
  } finally {
    await sql.close()
  }
}
