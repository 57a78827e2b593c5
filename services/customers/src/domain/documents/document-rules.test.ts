import { describe, expect, it } from 'vitest'
import { assertValidUpload } from './document-rules.js'

const PDF = Buffer.from('%PDF-1.7\n')
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
const upload = (contentType: string, content: Buffer = PDF) => ({
  documentHolder: 'Customer:1',
  documentType: 'PASSPORT',
  country: 'US',
  fileName: 'passport',
  contentType,
  content,
})
const fileError = { code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'file' })] } }

describe('document uploads', () => {
  it('keeps a file whose content is its declared type', () => {
    expect(assertValidUpload(upload('application/pdf')).contentType).toBe('application/pdf')
  })

  it('takes the type from the content when none is declared', () => {
    expect(assertValidUpload(upload('application/octet-stream', JPEG)).contentType).toBe('image/jpeg')
    expect(assertValidUpload(upload('', PDF)).contentType).toBe('application/pdf')
  })

  it.each([
    ['a declared type the content contradicts', upload('image/png', PDF)],
    ['a type that is not accepted', upload('image/gif', Buffer.from('GIF89a'))],
    ['undeclared content of no accepted type', upload('application/octet-stream', Buffer.from('MZ'))],
  ])('refuses %s', (_, bad) => {
    expect(() => assertValidUpload(bad)).toThrowError(expect.objectContaining(fileError))
  })

  it('names every invalid detail at once', () => {
    const bad = { ...upload('application/pdf'), documentType: 'SELFIE_STICK', side: 'TOP', country: 'usa' }
    expect(() => assertValidUpload(bad)).toThrowError(
      expect.objectContaining({ details: { errors: ['documentType', 'side', 'country'].map((field) => expect.objectContaining({ field })) } }),
    )
  })
})
