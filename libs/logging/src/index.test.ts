import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { withRequestId } from './index.js'

describe('withRequestId', () => {
  it('stamps every line with the request id', () => {
    const lines: string[] = []
    const sink = new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done() } })
    withRequestId(pino(sink), 'req-1').info('hello')
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-1', msg: 'hello' })
  })
})
