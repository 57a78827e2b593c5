import { callUnary } from '@pp/grpc'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openIssuedTokenAccounts } from '../src/domain/issued-tokens/open-accounts.js'
import { accountOf, activeCustomer, balancesOf, byId, failure, fund, funding, leg, newTenant, startHarness, tenantOf, transferId, type Harness } from './harness.js'
import { ledgerViolations } from './invariants.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('issued_tokens')
})
afterAll(() => h?.stop())

const { TRANSFER_CODE_FUNDING: FUNDING } = TransferCode

it("opens a token's holding and issuance accounts once, and moves the token and fiat together in balanced legs", async () => {
  const ctx = newTenant()
  h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD'] })
  const usd = accountOf(await activeCustomer(h, ctx), 'USD').id
  await fund(h, ctx, usd, 1_000n)

  const opened = await openIssuedTokenAccounts(h.deps, tenantOf(ctx), 'Stablecoin:usdx', 'USDX')
  expect(opened.holdingAccountId).toBe('Stablecoin:usdx')
  expect(await openIssuedTokenAccounts(h.deps, tenantOf(ctx), 'Stablecoin:usdx', 'USDX')).toEqual(opened)
  expect((await failure(openIssuedTokenAccounts(h.deps, tenantOf(ctx), 'Stablecoin:usdx', 'EURX'))).code).toBe('CONFLICT')
  expect((await failure(openIssuedTokenAccounts(h.deps, tenantOf(ctx), 'Stablecoin:usdc', 'USDC'))).code).toBe('INVALID_INPUT')
  // another tenant cannot take the id
  expect((await failure(openIssuedTokenAccounts(h.deps, tenantOf(newTenant()), 'Stablecoin:usdx', 'USDX'))).code).toBe('CONFLICT')

  const mint = transferId()
  const legs = [leg(byId(usd), funding('USD'), 500n), leg(byId(opened.issuanceAccountId), byId(opened.holdingAccountId), 5_000_000n, 'USDX')]
  await callUnary(h.ledger, h.ledger.createPendingTransfer, { transferId: mint, code: FUNDING, legs, postTransferId: `${mint}:post` }, ctx)
  expect(await balancesOf(h, ctx, [usd, opened.holdingAccountId, opened.issuanceAccountId])).toEqual([
    { available: 500n, total: 500n },
    { available: 5_000_000n, total: 5_000_000n },
    { available: -5_000_000n, total: -5_000_000n },
  ])

  // the holding account is never overdrawn, and a token is named by its accounts, not as a system currency
  const burnTooMuch = [leg(byId(opened.holdingAccountId), byId(opened.issuanceAccountId), 5_000_001n, 'USDX')]
  expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: FUNDING, legs: burnTooMuch }, ctx))).code).toBe('INSUFFICIENT_FUNDS')
  const bySystem = [leg(funding('USDX'), byId(opened.holdingAccountId), 1n, 'USDX')]
  expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: FUNDING, legs: bySystem }, ctx))).code).toBe('INVALID_INPUT')
  const mismatched = [leg(byId(usd), byId(opened.holdingAccountId), 1n, 'USDX')]
  expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: FUNDING, legs: mismatched }, ctx))).code).toBe('INVALID_CURRENCY')
  expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
})
