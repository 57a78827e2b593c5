import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createSecretHasher } from './secret-hasher.js'

const hasher = createSecretHasher(10)
const newSecret = (): string => randomBytes(32).toString('hex')

describe('the scrypt secret hasher', () => {
  it('verifies the secret it hashed and rejects another', async () => {
    const secret = newSecret()
    const stored = await hasher.hash(secret)
    expect(await hasher.verify(secret, stored)).toBe(true)
    expect(await hasher.verify(newSecret(), stored)).toBe(false)
  })

  it('stores parameters, a fresh salt and no trace of the secret', async () => {
    const secret = newSecret()
    const [a, b] = [await hasher.hash(secret), await hasher.hash(secret)]
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain(secret)
  })

  it('checks a hash with the cost stored in it, not the current one', async () => {
    const secret = newSecret()
    const stored = await hasher.hash(secret)
    expect(await createSecretHasher(12).verify(secret, stored)).toBe(true)
  })

  it('refuses a malformed or too costly stored hash', async () => {
    await expect(hasher.verify('x', 'plain-text')).rejects.toThrow('malformed')
    await expect(hasher.verify('x', '$scrypt$ln=30,r=8,p=1$c2FsdA$aGFzaA')).rejects.toThrow('malformed')
  })
})
