import { describe, expect, it } from 'vitest'
import { createSecretHasher, newClientId, newClientSecret } from './secrets.js'

const hasher = createSecretHasher(10)

describe('token secrets', () => {
  it('verifies the secret it hashed and rejects another', async () => {
    const secret = newClientSecret()
    const stored = await hasher.hash(secret)
    expect(await hasher.verify(secret, stored)).toBe(true)
    expect(await hasher.verify(newClientSecret(), stored)).toBe(false)
  })

  it('stores parameters, a fresh salt and no trace of the secret', async () => {
    const secret = newClientSecret()
    const [a, b] = [await hasher.hash(secret), await hasher.hash(secret)]
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain(secret)
  })

  it('checks a hash with the cost stored in it, not the current one', async () => {
    const secret = newClientSecret()
    const stored = await hasher.hash(secret)
    expect(await createSecretHasher(12).verify(secret, stored)).toBe(true)
  })

  it('refuses a malformed or too costly stored hash', async () => {
    await expect(hasher.verify('x', 'plain-text')).rejects.toThrow('malformed')
    await expect(hasher.verify('x', '$scrypt$ln=30,r=8,p=1$c2FsdA$aGFzaA')).rejects.toThrow('malformed')
  })

  it('makes opaque client ids and 32-byte secrets', () => {
    expect(newClientId()).toMatch(/^[0-9a-f]{32}$/)
    expect(newClientSecret()).toMatch(/^[0-9a-f]{64}$/)
  })
})
