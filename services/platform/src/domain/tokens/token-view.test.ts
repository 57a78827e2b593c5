import { ApiTokenSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { toApiToken, tokenView } from './token-view.js'
import type { TokenRow } from './types.js'

const at = new Date('2025-10-13T09:00:00Z')
const row: TokenRow = {
  name: 'Sandbox read-only',
  id: 'Token:019542f5-b3e7-1d02-0000-000000000001',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  permissions: ['VIEW'],
  clientId: '01947d2284054f890000e63bca4810df',
  secretHash: 'hash',
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
}

/** The view as it travels (JSON), parsed by its contract: it keeps every field and adds none. */
const expectContract = (view: unknown) => {
  const json: unknown = JSON.parse(JSON.stringify(view))
  expect(ApiTokenSchema.strict().parse(json)).toEqual(json)
}

describe('the token view keeps to the ApiToken contract', () => {
  it('a stored token, without its secret', () => {
    expectContract(tokenView(toApiToken(row)))
  })

  it('a token as its creator sees it, with every permission and the secret', () => {
    expectContract(tokenView({ ...toApiToken({ ...row, permissions: ['VIEW', 'TRANSACT', 'MANAGE'] }), clientSecret: 'secret' }))
  })
})
