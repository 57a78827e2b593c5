import { describe, expect, it } from 'vitest'
import { pageByKey } from './paging.js'

const names = ['delta', 'alpha', 'echo', 'charlie', 'bravo'].map((name) => ({ name }))
const keyOf = (item: { name: string }) => item.name

function walk(order: 'asc' | 'desc', limit: number): string[][] {
  const pages: string[][] = []
  let cursor: string | undefined
  do {
    const page = pageByKey(names, keyOf, { limit, cursor, order })
    expect(page.totalCount).toBe(5)
    pages.push(page.data.map(keyOf))
    cursor = page.nextCursor
    expect(page.hasMore).toBe(cursor !== undefined)
  } while (cursor)
  return pages
}

describe('pageByKey', () => {
  it('walks the whole directory in either order without repeats or gaps', () => {
    expect(walk('asc', 2)).toEqual([['alpha', 'bravo'], ['charlie', 'delta'], ['echo']])
    expect(walk('desc', 2)).toEqual([['echo', 'delta'], ['charlie', 'bravo'], ['alpha']])
  })

  it('uses the default page size for limit 0 and says when nothing more follows', () => {
    expect(pageByKey(names, keyOf, { limit: 0, order: 'asc' })).toEqual({ data: [...names].sort((a, b) => a.name.localeCompare(b.name)), hasMore: false, nextCursor: undefined, totalCount: 5 })
  })

  it('keeps its place when an entry is added between pages', () => {
    const first = pageByKey(names, keyOf, { limit: 2, order: 'asc' })
    const grown = [...names, { name: 'aardvark' }]
    expect(pageByKey(grown, keyOf, { limit: 2, cursor: first.nextCursor, order: 'asc' }).data.map(keyOf)).toEqual(['charlie', 'delta'])
  })

  it.each([['a foreign cursor', { limit: 2, cursor: 'not-a-cursor', order: 'asc' as const }, 'cursor'], ['a limit above 100', { limit: 101, order: 'asc' as const }, 'limit']])(
    'refuses %s with INVALID_INPUT naming the field',
    (_case, request, field) => {
      expect(() => pageByKey(names, keyOf, request)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field })] } }))
    },
  )
})
