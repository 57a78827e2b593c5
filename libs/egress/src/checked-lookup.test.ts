import type { LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import type { EgressRule } from './address-rule.js'
import { checkedLookup, endpointRefusal, tableResolver } from './checked-lookup.js'

const resolve = tableResolver({
  'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
  'rebind.example': ['93.184.216.34', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
})

const rules: Record<'SANDBOX' | 'PRODUCTION', EgressRule> = {
  SANDBOX: { environment: 'SANDBOX', allowLoopback: true },
  PRODUCTION: { environment: 'PRODUCTION', allowLoopback: true },
}

function lookup(hostname: string, options: { all?: boolean; family?: number }, environment: 'SANDBOX' | 'PRODUCTION' = 'PRODUCTION') {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
    checkedLookup(rules[environment], resolve)(hostname, options, (err, address, family) => done({ err, address, family })),
  )
}

describe('checkedLookup', () => {
  it('answers the checked addresses, all of them or the first of a family', async () => {
    expect(await lookup('public.example', { all: true })).toMatchObject({ err: null, address: [{ address: '93.184.216.34' }, { address: '2606:2800:220:1::1' }] })
    expect(await lookup('public.example', { family: 6 })).toMatchObject({ err: null, address: '2606:2800:220:1::1', family: 6 })
    expect(await lookup('public.example', {})).toMatchObject({ err: null, address: '93.184.216.34', family: 4 })
  })

  it('refuses a name when any of its addresses may not be reached', async () => {
    const { err } = await lookup('rebind.example', { all: true })
    expect(err).toMatchObject({ code: 'EGRESS_REFUSED', message: 'rebind.example resolves to 10.0.0.7, a private address' })
    expect((await lookup('metadata.example', {})).err?.message).toBe('metadata.example resolves to 169.254.169.254, a link-local address')
    expect((await lookup('mapped.example', {})).err?.message).toBe('mapped.example resolves to ::ffff:127.0.0.1, a loopback address')
  })

  it('lets sandbox resolve to loopback, never to a private address', async () => {
    expect((await lookup('mapped.example', {}, 'SANDBOX')).err).toBeNull()
    expect((await lookup('rebind.example', {}, 'SANDBOX')).err).toMatchObject({ code: 'EGRESS_REFUSED' })
  })

  it('passes a resolver failure through', async () => {
    expect((await lookup('nowhere.example', {})).err).toMatchObject({ code: 'ENOTFOUND' })
  })
})

describe('endpointRefusal', () => {
  const refusal = (url: string, environment: 'SANDBOX' | 'PRODUCTION') => endpointRefusal(new URL(url), rules[environment], resolve)

  it('accepts a production endpoint whose every address is public', async () => {
    expect(await refusal('https://public.example/hooks', 'PRODUCTION')).toBeUndefined()
  })

  it('names why a production endpoint is refused', async () => {
    expect(await refusal('https://rebind.example/hooks', 'PRODUCTION')).toBe('rebind.example resolves to 10.0.0.7, a private address')
    expect(await refusal('https://169.254.169.254/latest', 'PRODUCTION')).toBe('169.254.169.254 is a link-local address')
    expect(await refusal('https://[::ffff:a9fe:a9fe]/', 'PRODUCTION')).toBe('::ffff:a9fe:a9fe is a link-local address')
    expect(await refusal('https://0x7f.1:8080/', 'PRODUCTION')).toBe('127.0.0.1 is a loopback address')
    expect(await refusal('https://metadata.google.internal/', 'PRODUCTION')).toBe('metadata.google.internal is an internal name')
    expect(await refusal('https://nowhere.example/', 'PRODUCTION')).toBe('nowhere.example does not resolve (ENOTFOUND)')
  })

  it('refuses a production endpoint over plain http, even at a public address', async () => {
    expect(await refusal('http://public.example/hooks', 'PRODUCTION')).toBe('a production endpoint must use https')
    expect(await refusal('http://public.example/hooks', 'SANDBOX')).toBeUndefined()
  })

  it('lets a sandbox endpoint use loopback or a name that does not resolve yet, not a private address', async () => {
    expect(await refusal('http://127.0.0.1:9000/hooks', 'SANDBOX')).toBeUndefined()
    expect(await refusal('https://nowhere.example/', 'SANDBOX')).toBeUndefined()
    expect(await refusal('http://192.168.1.20/hooks', 'SANDBOX')).toBe('192.168.1.20 is a private address')
    const shared: EgressRule = { environment: 'SANDBOX', allowLoopback: false }
    expect(await endpointRefusal(new URL('http://127.0.0.1:9000/hooks'), shared, resolve)).toBe('127.0.0.1 is a loopback address')
  })
})
