import { describe, expect, it } from 'vitest'
import { assertRedirectUri } from './redirect-uri.js'

describe('redirectUri', () => {
  it.each(['https://app.example.com/done', 'http://localhost:3000/done', 'http://127.0.0.1:8080/x?y=1', 'http://[::1]/'])(
    'accepts %s',
    (uri) => expect(assertRedirectUri(uri)).toBe(uri),
  )

  it.each(['http://app.example.com/done', 'ftp://localhost/x', 'javascript:alert(1)', 'not a uri', 'http://localhost.example.com/'])(
    'refuses %s as INVALID_INPUT on redirectUri',
    (uri) => {
      const error = { code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'redirectUri' })] } }
      expect(() => assertRedirectUri(uri)).toThrowError(expect.objectContaining(error))
    },
  )
})
