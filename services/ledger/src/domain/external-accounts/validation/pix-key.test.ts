import { describe, expect, it } from 'vitest'
import { pixKeyProblem } from './pix-key.js'

describe('pixKeyProblem', () => {
  it.each([
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
    ['EMAIL', 'maria.silva102@example.com.br'],
    ['PHONE', '+5511987654321'],
    ['PHONE', '+551133334444'],
    ['RANDOM', '123e4567-e89b-12d3-a456-426614174000'],
  ] as const)('accepts a %s key %s', (type, key) => {
    expect(pixKeyProblem(type, key)).toBeUndefined()
  })

  it.each([
    ['CPF', '52998224726'],
    ['CPF', 'maria@example.com'],
    ['CNPJ', '52998224725'],
    ['EMAIL', 'not-an-email'],
    ['EMAIL', `${'a'.repeat(70)}@example.com`],
    ['PHONE', '+15551234567'],
    ['RANDOM', 'not-a-uuid'],
  ] as const)('rejects a %s key %s', (type, key) => {
    expect(pixKeyProblem(type, key)).toMatch(new RegExp(`a ${type} PIX key`))
  })
})
