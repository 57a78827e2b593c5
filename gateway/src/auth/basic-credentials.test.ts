import { describe, expect, it } from 'vitest'
import { parseBasicCredentials } from './basic-credentials.js'

const encode = (raw: string) => Buffer.from(raw).toString('base64')

describe('parseBasicCredentials', () => {
  it('reads a client id or a token id as the username and a secret that may itself contain colons', () => {
    expect(parseBasicCredentials(`Basic ${encode('Token:019a-7b:s3:cr3t')}`)).toEqual({ clientId: 'Token:019a-7b', clientSecret: 's3:cr3t' })
    expect(parseBasicCredentials(`Basic ${encode('c1d2:s3:cr3t')}`)).toEqual({ clientId: 'c1d2', clientSecret: 's3:cr3t' })
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
    ['a token id without a secret', `Basic ${encode('Token:019a-7b')}`],
    ['a token id with an empty secret', `Basic ${encode('Token:019a-7b:')}`],
  ])('returns undefined for %s', (_, header) => {
    expect(parseBasicCredentials(header)).toBeUndefined()
  })
})
