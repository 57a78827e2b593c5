import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountOf, activeCustomer, failure, newTenant, shownAccount, startHarness, type Harness } from './harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('internal_account_update')
})
afterAll(() => h?.stop())

const update = (ctx: Caller, request: { accountId: string; privateEnabled?: boolean }) =>
  callUnary(h.accounts, h.accounts.updateInternalAccount, request, ctx).then(shownAccount)
const get = (ctx: Caller, accountId: string) => callUnary(h.accounts, h.accounts.getInternalAccount, { accountId }, ctx).then(shownAccount)

describe('UpdateInternalAccount', () => {
  it('turns the privacy of an embedded wallet on and off, moving updatedAt', async () => {
    const ctx = newTenant()
    const wallet = accountOf(await activeCustomer(h, ctx), 'USDB', 'EMBEDDED_WALLET')
    expect(wallet.privateEnabled).toBe(false)
    const account = await update(ctx, { accountId: wallet.id, privateEnabled: true })
    expect(account).toMatchObject({ id: wallet.id, type: 'EMBEDDED_WALLET', privateEnabled: true, balance: wallet.balance })
    expect(account.updatedAt >= wallet.updatedAt).toBe(true)
    expect(await get(ctx, wallet.id)).toEqual(account)
    expect((await update(ctx, { accountId: wallet.id, privateEnabled: false })).privateEnabled).toBe(false)
  })

  it('refuses other account types and a missing field with 400, changing nothing', async () => {
    const ctx = newTenant()
    const accounts = await activeCustomer(h, ctx)
    const usd = accountOf(accounts, 'USD')
    const wallet = accountOf(accounts, 'USDB', 'EMBEDDED_WALLET')
    const notAWallet = await failure(update(ctx, { accountId: usd.id, privateEnabled: true }))
    expect(notAWallet).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'privateEnabled' }] } })
    expect(await get(ctx, usd.id)).toEqual(usd)
    const missing = await failure(update(ctx, { accountId: wallet.id }))
    expect(missing).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'privateEnabled' }] } })
    expect(await get(ctx, wallet.id)).toEqual(wallet)
  })

  it("answers 404 for an unknown account and for another tenant's wallet", async () => {
    const ctx = newTenant()
    const wallet = accountOf(await activeCustomer(h, ctx), 'USDB', 'EMBEDDED_WALLET')
    expect((await failure(update(newTenant(), { accountId: wallet.id, privateEnabled: true }))).code).toBe('ACCOUNT_NOT_FOUND')
    expect((await failure(update(ctx, { accountId: 'InternalAccount:unknown', privateEnabled: true }))).code).toBe('ACCOUNT_NOT_FOUND')
    expect((await get(ctx, wallet.id)).privateEnabled).toBe(false)
  })
})
