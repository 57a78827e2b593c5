import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { registry } from '@pp/metrics'
import type { Logger } from '@pp/logging'
import { basicAuth, testApp } from '../../test/support/framework-app.js'
import type { Authenticator } from '../auth/authenticator.js'

const principal = { platformId: 'Platform:logged', environment: 'SANDBOX' as const, tokenId: 'Token:1', permissions: ['VIEW' as const] }
const acceptAll: Authenticator = async () => principal

/** A logger whose lines the test reads back. */
function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ level: 'info' }, sink), lines }
}

const requestsCounted = async (labels: Record<string, string>): Promise<number> => {
  const metric = (await registry.getSingleMetric('http_requests_total')?.get())?.values ?? []
  return metric.filter((v) => Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value)).reduce((sum, v) => sum + v.value, 0)
}

describe('access log and request metrics', () => {
  it('writes one line per request with its route template, status, duration, request id and platform', async () => {
    const { logger, lines } = capturingLogger()
    const app = testApp(acceptAll, logger)
    const before = await requestsCounted({ method: 'GET', route: '/2025-10-13/whoami', status: '200' })
    const res = await app.request('/2025-10-13/whoami', { headers: { Authorization: basicAuth('c', 's'), 'X-Request-Id': 'req-logged' } })
    expect(res.status).toBe(200)
    await new Promise((resolve) => setImmediate(resolve))
    const access = lines.filter((line) => line.msg === 'request')
    expect(access).toHaveLength(1)
    expect(access[0]).toMatchObject({ method: 'GET', route: '/2025-10-13/whoami', status: 200, requestId: 'req-logged', platformId: 'Platform:logged' })
    expect(access[0]!.durationMs).toEqual(expect.any(Number))
    expect(await requestsCounted({ method: 'GET', route: '/2025-10-13/whoami', status: '200' })).toBe(before + 1)
  })

  it('labels a path by its template, not its ids, and logs refusals and unknown paths too', async () => {
    const { logger, lines } = capturingLogger()
    const app = testApp(acceptAll, logger)
    const body = JSON.stringify({ name: 'ab', email: 'a@b.co', kind: 'SMALL', address: { country: 'US' } })
    const headers = { Authorization: basicAuth('c', 's'), 'Content-Type': 'application/json' }
    expect((await app.request('/2025-10-13/things/Thing:1', { method: 'POST', headers, body })).status).toBe(201)
    expect((await app.request('/2025-10-13/things/Thing:2', { method: 'POST', headers, body: '{}' })).status).toBe(400)
    expect((await app.request('/2025-10-13/whoami')).status).toBe(401)
    expect((await app.request('/2025-10-13/nowhere/Thing:3', { headers })).status).toBe(404)
    await new Promise((resolve) => setImmediate(resolve))
    const access = lines.filter((line) => line.msg === 'request').map(({ route, status }) => ({ route, status }))
    expect(access).toEqual([
      { route: '/2025-10-13/things/:thingId', status: 201 },
      { route: '/2025-10-13/things/:thingId', status: 400 },
      { route: '/2025-10-13/whoami', status: 401 },
      // unknown paths share one series, whatever ids they carry
      { route: '/2025-10-13/*', status: 404 },
    ])
  })
})
