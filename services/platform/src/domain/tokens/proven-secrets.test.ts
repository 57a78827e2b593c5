import { describe, expect, it } from 'vitest'
import { ProvenSecrets } from './proven-secrets.js'

const token = (id: string, secretHash = 'stored') => ({ id, secretHash })

describe('ProvenSecrets', () => {
  it('matches only the proven secret of the same stored hash', () => {
    const proven = new ProvenSecrets(10)
    proven.remember(token('Token:1', 'old'), 'right')
    expect(proven.isProven(token('Token:1', 'old'), 'right')).toBe(true)
    expect(proven.isProven(token('Token:1', 'old'), 'wrong')).toBe(false)
    expect(proven.isProven(token('Token:1', 'new'), 'right')).toBe(false)
    expect(proven.isProven(token('Token:2', 'old'), 'right')).toBe(false)
  })

  it('forgets the token proven longest ago beyond its bound', () => {
    const proven = new ProvenSecrets(2)
    for (const id of ['Token:1', 'Token:2', 'Token:3']) proven.remember(token(id), 'right')
    expect(proven.isProven(token('Token:1'), 'right')).toBe(false)
    expect(proven.isProven(token('Token:3'), 'right')).toBe(true)
  })
})
