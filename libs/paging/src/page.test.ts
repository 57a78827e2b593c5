import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import { decodeCursor } from './keyset-cursor.js'
import { keysetPage, pageLimit } from './page.js'

const rows = [3, 2, 1].map((n) => ({ id: `Row:${n}`, createdAt: new Date(Date.UTC(2026, 0, n)) }))
const view = (row: { id: string }) => row.id

describe('pageLimit', () => {
  it('defaults 0 (not sent) to 20 and refuses anything outside 1 to 100', () => {
    expect(pageLimit(0)).toBe(20)
    expect(pageLimit(1)).toBe(1)
    expect(pageLimit(100)).toBe(100)
    for (const refused of [101, -1, 2.5]) expect(() => pageLimit(refused)).toThrow(ApiError)
  })
})

describe('keysetPage', () => {
  it('shows `limit` of the `limit + 1` rows read and points its cursor at the last one shown', () => {
    const page = keysetPage(rows, 2, 3, view)
    expect(page).toMatchObject({ data: ['Row:3', 'Row:2'], hasMore: true, totalCount: 3 })
    expect(decodeCursor(page.nextCursor!)).toEqual(rows[1])
  })

  it('has no cursor on the last page', () => {
    expect(keysetPage(rows, 3, 3, view)).toEqual({ data: ['Row:3', 'Row:2', 'Row:1'], hasMore: false, totalCount: 3 })
  })

  it('takes the sort key from inside a row when told where it is', () => {
    const page = keysetPage(rows.map((record) => ({ record })), 1, 3, ({ record }) => record.id, ({ record }) => record)
    expect(decodeCursor(page.nextCursor!)).toEqual(rows[0])
  })
})
