import { isApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import { parseUmaAddress, requireUmaAddress } from './uma-address.js'

describe('parseUmaAddress', () => {
  it('splits a well-formed address and lower-cases it', () => {
    expect(parseUmaAddress('$Alice.Smith@Pay.Example.com')).toEqual({
      user: 'alice.smith',
      domain: 'pay.example.com',
      text: '$alice.smith@pay.example.com',
    })
    expect(parseUmaAddress('$a_b+c-1@uma.me')?.user).toBe('a_b+c-1')
  })

  it.each([
    ['no dollar sign', 'alice@uma.me'],
    ['no domain', '$alice'],
    ['empty user', '$@uma.me'],
    ['a user longer than 64', `$${'a'.repeat(65)}@uma.me`],
    ['a space in the user', '$al ice@uma.me'],
    ['a domain without a dot', '$alice@localhost'],
    ['a domain label starting with a hyphen', '$alice@-uma.me'],
    ['two @', '$alice@bob@uma.me'],
  ])('refuses %s', (_case, value) => {
    expect(parseUmaAddress(value)).toBeUndefined()
  })
})

describe('requireUmaAddress', () => {
  it('throws INVALID_UMA_ADDRESS naming the field', () => {
    const thrown = (() => {
      try {
        requireUmaAddress('alice@uma.me', 'receiverUmaAddress')
      } catch (err) {
        return err
      }
    })()
    expect(isApiError(thrown) && thrown.toBody()).toMatchObject({
      code: 'INVALID_UMA_ADDRESS',
      details: { field: 'receiverUmaAddress', value: 'alice@uma.me' },
    })
  })
})
