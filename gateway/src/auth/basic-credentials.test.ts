import { describe, expect, it } from 'vitest'
import { parseBasicCredentials } from './basic-credentials.js'

const encode = (raw: string) => Buffer.from(raw).toString('base64')

describe('parseBasicCredentials', () => {
  it('reads the token id and a secret that may itself contain colons', () => {
    expect(parseBasicCredentials(`Basic ${encode('Token:019a:s3:cr3t')}`)).toEqual({ clientId: 'Token', clientSecret: '019a:s3:cr3t' })
    expect(parseBasicCredentials(`basic   ${encode('id:secret')} `)).toEqual({ clientId: 'id', clientSecret: 'secret' })
  })

  it.each([
    ['a missing header', undefined],
    ['an empty header', ''],
    ['another scheme', `Bearer ${encode('id:secret')}`],
    ['no token', 'Basic '],
    ['characters outside base64', 'Basic id:secret'],
    ['no colon', `Basic ${encode('idsecret')}`],
    ['an empty id', `Basic ${encode(':secret')}`],
    ['an empty secret', `Basic ${encode('id:')}`],
  ])('returns undefined for %s', (_, header) => {
    expect(parseBasicCredentials(header)).toBeUndefined()
  })
})
