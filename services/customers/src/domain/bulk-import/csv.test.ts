import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.js'

describe('parseCsv', () => {
  it('splits records and fields, with or without a final line break', () => {
    expect(parseCsv('a,b\n1,2\n')).toEqual([['a', 'b'], ['1', '2']])
    expect(parseCsv('a,b\r\n1,2')).toEqual([['a', 'b'], ['1', '2']])
  })

  it('keeps commas, quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('name,note\n"Doe, Jane","said ""hi""\nthen left"\n')).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'said "hi"\nthen left'],
    ])
  })

  it('keeps empty fields and skips blank lines', () => {
    expect(parseCsv('a,b,c\n1,,3\n\n')).toEqual([['a', 'b', 'c'], ['1', '', '3']])
  })

  it('refuses an unterminated quote', () => {
    expect(parseCsv('a\n"open')).toBeUndefined()
  })
})
