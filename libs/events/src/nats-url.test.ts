import { describe, expect, it } from 'vitest'
import { redactedNatsUrl } from './nats-url.js'

describe('redactedNatsUrl', () => {
  it('drops the user, password or token of every server', () => {
    expect(redactedNatsUrl('nats://ledger:s3cret@nats:4222')).toBe('nats://nats:4222')
    expect(redactedNatsUrl('tls://token@nats.internal:4222,nats://a:b@10.0.0.2:4222')).toBe('tls://nats.internal:4222,nats://10.0.0.2:4222')
    expect(redactedNatsUrl('user:pass@127.0.0.1:4222')).toBe('127.0.0.1:4222')
  })

  it('leaves a URL without credentials as it is', () => {
    expect(redactedNatsUrl('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222')
    expect(redactedNatsUrl('nats://nats:4222/path@x')).toBe('nats://nats:4222/path@x')
  })
})
