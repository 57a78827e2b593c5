import { describe, expect, it } from 'vitest'
import { isValidClabe } from './clabe.js'

describe('isValidClabe', () => {
  it.each(['032180000118359719', '002010077777777771'])('accepts %s', (value) => {
    expect(isValidClabe(value)).toBe(true)
  })

  it.each(['032180000118359718', '03218000011835971', '0321800001183597190', '03218000011835971X'])('rejects %s', (value) => {
    expect(isValidClabe(value)).toBe(false)
  })
})
