import { freePort, startProcess, waitUntil } from '@pp/testing'
import { basicAuth, type Api } from '../api.js'
import { createCustomer } from '../customers.js'
import { loadHttp, type HttpLoad } from '../load.js'
import { cpuMeter } from '../mesh-processes.js'

const CONNECTIONS = 50

export interface ReadFigures {
  connections: number
  anchor: HttpLoad
  customer: HttpLoad
  /** Milliseconds of CPU per GET /customers/{id}, by process (the mesh's and Postgres's). */
  cpuMsPerRead: Map<string, number>
}

/** Bare Hono's JSON endpoint, then GET /customers/{id} through the gateway, with the same generator and connections. */
export async function measureReads(
  baseUrl: string,
  api: Api,
  credentials: { clientId: string; clientSecret: string },
  mesh: { pid: number; postgresUrl: string },
  seconds: number,
): Promise<ReadFigures> {
  const port = await freePort()
  const hono = startProcess('hono-anchor', 'test/bench/hono-app.ts', { PORT: String(port) })
  let anchor: HttpLoad
  try {
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/json`)).ok, 'the bare Hono app', 30_000)
    anchor = await loadHttp(`http://127.0.0.1:${port}/json`, { connections: CONNECTIONS, seconds })
  } finally {
    await hono.stop()
  }
  const customerId = await createCustomer(api, 'Bench Reader')
  const cpu = await cpuMeter(mesh.pid, mesh.postgresUrl)
  const customer = await loadHttp(`${baseUrl}/customers/${customerId}`, {
    connections: CONNECTIONS,
    seconds,
    headers: { authorization: basicAuth(credentials) },
  })
  const requests = customer.perSecond * seconds
  const cpuMsPerRead = new Map([...(await cpu.stop())].map(([name, cpuSeconds]) => [name, (cpuSeconds * 1000) / Math.max(requests, 1)]))
  return { connections: CONNECTIONS, anchor, customer, cpuMsPerRead }
}
