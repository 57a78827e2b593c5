import { describe, expect, it } from 'vitest'
import { createSeenIds } from '../src/index.js'

describe('createSeenIds', () => {
  it('remembers handled ids and forgets one on request', () => {
    const seen = createSeenIds()
    seen.add('Webhook:a')
    expect([seen.has('Webhook:a'), seen.has('Webhook:b')]).toEqual([true, false])
    seen.delete('Webhook:a')
    expect(seen.has('Webhook:a')).toBe(false)
  })

  it('keeps the last `max` ids, forgetting the least recently added first', () => {
    const seen = createSeenIds({ max: 3 })
    for (const id of ['a', 'b', 'c']) seen.add(id)
    seen.add('a') // added again: now the newest
    seen.add('d')
    expect(['a', 'b', 'c', 'd'].filter((id) => seen.has(id))).toEqual(['a', 'c', 'd'])
    expect(seen.size).toBe(3)
  })

  it('refuses a size that is not a positive integer', () => {
    for (const max of [0, -1, 1.5]) expect(() => createSeenIds({ max })).toThrow(TypeError)
  })
})
