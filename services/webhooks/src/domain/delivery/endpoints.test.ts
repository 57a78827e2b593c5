import { describe, expect, it } from 'vitest'
import { cachedEndpoints, type EndpointSource } from './endpoints.js'

const tenant = { platformId: 'Platform:1', environment: 'SANDBOX' as const }

function countingSource(answers: (string | undefined)[]) {
  const source = { reads: 0, endpointOf: async () => answers[Math.min(source.reads++, answers.length - 1)] }
  return source satisfies EndpointSource
}

describe('cachedEndpoints', () => {
  it('remembers a configured endpoint for the ttl, then reads again', async () => {
    let nowMs = 0
    const source = countingSource(['https://a.example/hooks', 'https://b.example/hooks'])
    const endpoints = cachedEndpoints(source, 1_000, () => nowMs)
    expect(await endpoints.endpointOf(tenant)).toBe('https://a.example/hooks')
    nowMs = 999
    expect(await endpoints.endpointOf(tenant)).toBe('https://a.example/hooks')
    expect(source.reads).toBe(1)
    nowMs = 1_000
    expect(await endpoints.endpointOf(tenant)).toBe('https://b.example/hooks')
  })

  it('never remembers that no endpoint is set, so a new one is used at once', async () => {
    const source = countingSource([undefined, 'https://a.example/hooks'])
    const endpoints = cachedEndpoints(source, 60_000)
    expect(await endpoints.endpointOf(tenant)).toBeUndefined()
    expect(await endpoints.endpointOf(tenant)).toBe('https://a.example/hooks')
  })

  it('reads through on evict and on a fresh read', async () => {
    const source = countingSource(['https://a.example/hooks', 'https://b.example/hooks', 'https://c.example/hooks'])
    const endpoints = cachedEndpoints(source, 60_000)
    await endpoints.endpointOf(tenant)
    endpoints.evict(tenant)
    expect(await endpoints.endpointOf(tenant)).toBe('https://b.example/hooks')
    expect(await endpoints.freshEndpointOf(tenant)).toBe('https://c.example/hooks')
    expect(await endpoints.endpointOf({ ...tenant, environment: 'PRODUCTION' })).toBe('https://c.example/hooks')
  })
})
