import { describe, expect, it } from 'vitest'
import { invalidInput, MAX_FIELD_ERRORS } from './api-error.js'

describe('invalidInput', () => {
  const errors = (n: number) => Array.from({ length: n }, (_, i) => ({ field: `permissions.${i}`, message: 'Invalid option' }))

  it('lists every field error up to the cap', () => {
    expect(invalidInput(errors(MAX_FIELD_ERRORS)).details).toEqual({ errors: errors(MAX_FIELD_ERRORS) })
  })

  it('lists the first field errors beyond it and counts the others', () => {
    expect(invalidInput(errors(10_000)).details).toEqual({ errors: errors(MAX_FIELD_ERRORS), omittedErrors: 10_000 - MAX_FIELD_ERRORS })
  })
})
