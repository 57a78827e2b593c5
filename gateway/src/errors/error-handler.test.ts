import { Hono } from 'hono'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { GatewayEnv } from '../context.js'
import { handleError } from './error-handler.js'

describe('handleError', () => {
  it('answers an unexpected failure 500 without detail, and logs the route template, never the path that may carry a secret', async () => {
    const lines: string[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) })
    const app = new Hono<GatewayEnv>()
    app.post('/agents/device-codes/:code/redeem', () => {
      throw new Error('database gone')
    })
    app.onError(handleError(logger))

    const answer = await app.request('/agents/device-codes/AGENT-SECRET-CODE-1234/redeem', { method: 'POST' })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ code: 'INTERNAL_ERROR', reason: 'Internal error' })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ route: '/agents/device-codes/:code/redeem', method: 'POST', msg: 'request failed' })
    expect(lines[0]).not.toContain('AGENT-SECRET-CODE-1234')
  })
})
