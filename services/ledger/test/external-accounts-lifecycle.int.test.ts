import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { callUnary } from '@pp/grpc'
import type { ListExternalAccountsRequest } from '@pp/proto/ledger/v1/external_accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTERNAL_ACCOUNT_STATUS_UPDATED } from '../src/events/types.js'
import { createLogger } from '@pp/logging'
import { waitUntil, type TestDatabase } from '@pp/testing'
import { startAchValidationJob } from '../src/domain/external-accounts/ach-validation-job.js'
import { finishDueAchValidations } from '../src/domain/external-accounts/finish-ach-validations.js'
import { toChecksumAddress } from '../src/domain/external-accounts/validation/evm-address.js'
import type { Tenant } from '../src/domain/types.js'
import { ACCOUNT_EXAMPLES } from './external-accounts-examples.js'
import {
  ACH_WINDOW_MS, apiErrorOf, callContext, createAccount, createRequest, newTenant, shownAccount, shownPage, startExternalAccountsHarness,
  type ExternalAccountsHarness,
} from './external-accounts-harness.js'
import { open } from '../src/db/client.js'

let h: ExternalAccountsHarness & { database: TestDatabase }
beforeAll(async () => {
  h = await startExternalAccountsHarness('lifecycle')
})
afterAll(() => h?.stop())

const logger = createLogger('ledger-external-accounts-lifecycle-test', 'silent')
const USD = ACCOUNT_EXAMPLES.USD_ACCOUNT
const EUR = ACCOUNT_EXAMPLES.EUR_ACCOUNT
const usdEndingIn = (accountNumber: string) => ({ ...USD, accountInfo: { ...USD.accountInfo, accountNumber } })

const checkUsable = async (tenant: Tenant, externalAccountId: string) =>
  (await callUnary(h.client, h.client.checkExternalAccountUsable, { externalAccountId }, callContext(tenant))).facts!
const get = (tenant: Tenant, externalAccountId: string, ownerKind = 'CUSTOMER') =>
  callUnary(h.client, h.client.getExternalAccount, { ownerKind, externalAccountId }, callContext(tenant)).then(shownAccount)
const remove = (tenant: Tenant, externalAccountId: string, ownerKind = 'CUSTOMER') =>
  callUnary(h.client, h.client.deleteExternalAccount, { ownerKind, externalAccountId }, callContext(tenant))

async function statusEvents(accountId: string): Promise<Array<{ type: string; data: { status: string } }>> {
  const rows = await open(h.db).outboxEvent.findMany({ orderBy: { createdAt: 'asc' } })
  return rows
    .map((row) => row.payload as { type: string; data: { id: string; status: string } })
    .filter((event) => event.type === EXTERNAL_ACCOUNT_STATUS_UPDATED && event.data.id === accountId)
}

describe('US bank account ACH validation', () => {
  it('answers 409 BANK_ACCOUNT_VALIDATION_PENDING within the window, then the account is usable', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const created = await createAccount(h, tenant, createRequest(usdEndingIn('123456789012'), { customerId }))
    expect(created.status).toBe('PENDING')
    expect((await apiErrorOf(checkUsable(tenant, created.id))).code).toBe('BANK_ACCOUNT_VALIDATION_PENDING')
    h.clock.advance(ACH_WINDOW_MS)
    // payments gets the facts it acts on: owner, currency, account type, rails and the identifier that reaches the account
    expect(await checkUsable(tenant, created.id)).toEqual({
      id: created.id,
      customerId,
      currency: 'USD',
      accountType: 'USD_ACCOUNT',
      isOwnershipVerified: true,
      paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
      accountNumber: '123456789012',
    })
    await finishDueAchValidations(h.deps, 100, logger)
    expect((await get(tenant, created.id)).status).toBe('ACTIVE')
    expect((await statusEvents(created.id)).map((e) => e.data.status)).toEqual(['ACTIVE'])
  })

  it('answers 400 INVALID_BANK_ACCOUNT once the validation of a closed account (suffix 003) failed', async () => {
    const tenant = newTenant()
    const created = await createAccount(h, tenant, createRequest(usdEndingIn('123456789003'), { customerId: h.customers.add(tenant) }))
    expect((await apiErrorOf(checkUsable(tenant, created.id))).code).toBe('BANK_ACCOUNT_VALIDATION_PENDING')
    h.clock.advance(ACH_WINDOW_MS)
    expect((await apiErrorOf(checkUsable(tenant, created.id))).code).toBe('INVALID_BANK_ACCOUNT')
    await finishDueAchValidations(h.deps, 100, logger)
    expect((await get(tenant, created.id)).status).toBe('INACTIVE')
    expect((await statusEvents(created.id)).map((e) => e.data.status)).toEqual(['INACTIVE'])
  })

  it('is finished by the ACH job once the window has passed', async () => {
    const tenant = newTenant()
    const created = await createAccount(h, tenant, createRequest(usdEndingIn('555456789012'), { customerId: h.customers.add(tenant) }))
    const stop = startAchValidationJob(h.deps, { databaseUrl: h.database.url, batchMax: 10 }, logger)
    try {
      h.clock.advance(ACH_WINDOW_MS)
      await waitUntil(async () => (await open(h.db).externalAccount.findUnique({ where: { id: created.id } }))?.status === 'ACTIVE', 'the ACH job')
    } finally {
      await stop()
    }
  })

  it('lets other accounts be used at once and never validates them', async () => {
    const tenant = newTenant()
    const created = await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
    expect(await checkUsable(tenant, created.id)).toMatchObject({ id: created.id, currency: 'EUR', iban: EUR.accountInfo.iban })
    expect((await apiErrorOf(checkUsable(newTenant(), created.id))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  const recordAch = (tenant: Tenant, externalAccountId: string, outcome: string) =>
    callUnary(h.client, h.client.recordAchValidation, { externalAccountId, outcome }, callContext(tenant))

  async function achRequests(accountId: string): Promise<unknown[]> {
    const rows = await open(h.db).outboxEvent.findMany({ orderBy: { createdAt: 'asc' } })
    return rows.map((row) => row.payload as { type: string; data: { externalAccountId: string } }).filter((e) => e.type === 'ACH_VALIDATION_REQUESTED' && e.data.externalAccountId === accountId)
  }

  it("keeps a production US account validating until payments' ACH rail records its prenote's outcome", async () => {
    const tenant = newTenant('PRODUCTION')
    const created = await createAccount(h, tenant, createRequest(usdEndingIn('123456789012'), { customerId: h.customers.add(tenant) }))
    expect(created.beneficiaryVerificationStatus).toBeUndefined()
    // the rail learns of the account from the fact committed with it
    expect(await achRequests(created.id)).toEqual([expect.objectContaining({ platformId: tenant.platformId, environment: 'PRODUCTION', data: { externalAccountId: created.id, requestedAt: expect.any(String) } })])
    h.clock.advance(30 * 24 * 3600 * 1000)
    expect((await apiErrorOf(checkUsable(tenant, created.id))).code).toBe('BANK_ACCOUNT_VALIDATION_PENDING')
    expect(await recordAch(tenant, created.id, 'VALIDATED')).toEqual({ status: 'ACTIVE' })
    expect(await checkUsable(tenant, created.id)).toMatchObject({ id: created.id, accountNumber: '123456789012' })
    // a repeat changes nothing and says nothing again
    expect(await recordAch(tenant, created.id, 'VALIDATED')).toEqual({ status: 'ACTIVE' })
    expect((await statusEvents(created.id)).map((e) => e.data.status)).toEqual(['ACTIVE'])
  })

  it('makes an account unusable for good on a return, even one that comes after its validation', async () => {
    const tenant = newTenant('PRODUCTION')
    const created = await createAccount(h, tenant, createRequest(usdEndingIn('223456789012'), { customerId: h.customers.add(tenant) }))
    await recordAch(tenant, created.id, 'VALIDATED')
    expect(await recordAch(tenant, created.id, 'FAILED')).toEqual({ status: 'INACTIVE' })
    expect((await apiErrorOf(checkUsable(tenant, created.id))).code).toBe('INVALID_BANK_ACCOUNT')
    expect(await recordAch(tenant, created.id, 'VALIDATED')).toEqual({ status: 'INACTIVE' })
    expect((await statusEvents(created.id)).map((e) => e.data.status)).toEqual(['ACTIVE', 'INACTIVE'])
  })

  it('refuses an outcome for an account with no ACH validation, an unknown outcome, and another tenant', async () => {
    const tenant = newTenant('PRODUCTION')
    const euro = await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
    expect(await achRequests(euro.id)).toEqual([])
    expect((await apiErrorOf(recordAch(tenant, euro.id, 'VALIDATED'))).code).toBe('INVALID_STATE_TRANSITION')
    const us = await createAccount(h, tenant, createRequest(usdEndingIn('323456789012'), { customerId: h.customers.add(tenant) }))
    expect((await apiErrorOf(recordAch(tenant, us.id, 'MAYBE'))).code).toBe('INVALID_INPUT')
    expect((await apiErrorOf(recordAch(newTenant('PRODUCTION'), us.id, 'VALIDATED'))).code).toBe('ACCOUNT_NOT_FOUND')
    expect((await apiErrorOf(checkUsable(tenant, us.id))).code).toBe('BANK_ACCOUNT_VALIDATION_PENDING')
  })
})

describe('trusted beneficiaries', () => {
  const trustCall = (tenant: Tenant, id: string, step: 'startBeneficiaryTrust' | 'startBeneficiaryUntrust') =>
    callUnary(h.client, h.client[step], { externalAccountId: id }, callContext(tenant))
  const confirm = (tenant: Tenant, id: string, step: 'confirmBeneficiaryTrust' | 'confirmBeneficiaryUntrust', proof: object) =>
    callUnary(h.client, h.client[step], { externalAccountId: id, proof }, callContext(tenant))

  async function euAccount(tenant: Tenant) {
    return createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant, {}, { sca: true }) }))
  }

  it('trusts with the SCA code; a trusted account cannot be deleted until untrusted', async () => {
    const tenant = newTenant()
    const account = await euAccount(tenant)
    const { scaChallenge } = await trustCall(tenant, account.id, 'startBeneficiaryTrust')
    expect(scaChallenge).toMatchObject({ factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] })
    expect(scaChallenge?.id).toMatch(/^ScaChallenge:/)
    expect(await confirm(tenant, account.id, 'confirmBeneficiaryTrust', { challengeId: scaChallenge!.id, code: '123456' })).toEqual({ trusted: true })
    expect((await apiErrorOf(remove(tenant, account.id))).code).toBe('BENEFICIARY_TRUSTED')
    await trustCall(tenant, account.id, 'startBeneficiaryUntrust')
    expect(await confirm(tenant, account.id, 'confirmBeneficiaryUntrust', { code: '123456' })).toEqual({ trusted: false })
    await remove(tenant, account.id)
    expect((await apiErrorOf(get(tenant, account.id))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('changes nothing when the customers service refuses the proof, or no step was started', async () => {
    const tenant = newTenant()
    const account = await euAccount(tenant)
    expect((await apiErrorOf(confirm(tenant, account.id, 'confirmBeneficiaryTrust', { code: '123456' }))).code).toBe('CONFLICT')
    await trustCall(tenant, account.id, 'startBeneficiaryTrust')
    const wrong = await apiErrorOf(confirm(tenant, account.id, 'confirmBeneficiaryTrust', { code: '000000' }))
    expect(wrong.status).toBe(400)
    // still untrusted: nothing keeps the account from being deleted
    await remove(tenant, account.id)
  })

  it('answers 409 for customers outside SCA regions and 404 for platform accounts', async () => {
    const tenant = newTenant()
    const us = await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
    expect((await apiErrorOf(trustCall(tenant, us.id, 'startBeneficiaryTrust'))).code).toBe('CONFLICT')
    const platform = await createAccount(h, tenant, createRequest(EUR, 'PLATFORM'))
    expect((await apiErrorOf(trustCall(tenant, platform.id, 'startBeneficiaryTrust'))).code).toBe('ACCOUNT_NOT_FOUND')
  })
})

describe('tenant isolation and lists', () => {
  it('hides another platform’s and another environment’s accounts', async () => {
    const tenant = newTenant()
    const account = await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
    for (const other of [newTenant(), { ...tenant, environment: 'PRODUCTION' as const }]) {
      expect((await apiErrorOf(get(other, account.id))).code).toBe('ACCOUNT_NOT_FOUND')
      expect((await apiErrorOf(remove(other, account.id))).code).toBe('ACCOUNT_NOT_FOUND')
      const page = shownPage(await callUnary(h.client, h.client.listExternalAccounts, { ownerKind: 'CUSTOMER', limit: 0 }, callContext(other)))
      expect(page.data.map((a) => a.id)).not.toContain(account.id)
    }
    expect((await apiErrorOf(get(tenant, account.id, 'PLATFORM'))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('pages newest first with filters by customer and currency, customers’ and platform’s apart', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const eur = await createAccount(h, tenant, createRequest(EUR, { customerId }))
    h.clock.advance(1)
    const gbp = await createAccount(h, tenant, createRequest(ACCOUNT_EXAMPLES.GBP_ACCOUNT, { customerId }))
    h.clock.advance(1)
    await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
    const platform = await createAccount(h, tenant, createRequest(EUR, 'PLATFORM'))
    const list = (request: Partial<ListExternalAccountsRequest> & { ownerKind: string }) =>
      callUnary(h.client, h.client.listExternalAccounts, { limit: 0, ...request }, callContext(tenant)).then(shownPage)
    const first = await list({ ownerKind: 'CUSTOMER', customerId, limit: 1 })
    expect(first).toMatchObject({ hasMore: true, totalCount: 2 })
    expect(first.data.map((a) => a.id)).toEqual([gbp.id])
    const second = await list({ ownerKind: 'CUSTOMER', customerId, limit: 1, cursor: first.nextCursor })
    expect(second.data.map((a) => a.id)).toEqual([eur.id])
    expect(second.hasMore).toBe(false)
    expect((await list({ ownerKind: 'CUSTOMER', currency: 'EUR' })).totalCount).toBe(2)
    expect((await list({ ownerKind: 'PLATFORM' })).data.map((a) => a.id)).toEqual([platform.id])
    expect((await apiErrorOf(list({ ownerKind: 'CUSTOMER', limit: 101 }))).code).toBe('INVALID_INPUT')
  })
})

describe('wallet ownership verification', () => {
  const secretKey = secp256k1.utils.randomSecretKey()
  const address = toChecksumAddress(`0x${Buffer.from(keccak_256(secp256k1.getPublicKey(secretKey, false).subarray(1)).subarray(12)).toString('hex')}`)
  const sign = (message: string): string => {
    const body = new TextEncoder().encode(message)
    const hash = keccak_256(new Uint8Array([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`), ...body]))
    const signature = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' })
    return `0x${Buffer.from(signature.subarray(1)).toString('hex')}${(signature[0]! + 27).toString(16)}`
  }
  const wallet = { currency: 'USDC', accountInfo: { accountType: 'ETHEREUM_WALLET', address } }
  const challenge = (tenant: Tenant, id: string, method = 'WALLET_SIGNATURE') =>
    callUnary(h.client, h.client.createOwnershipChallenge, { ownerKind: 'CUSTOMER', externalAccountId: id, method }, callContext(tenant))
  const verify = (tenant: Tenant, id: string, signature: string) =>
    callUnary(h.client, h.client.verifyOwnership, { ownerKind: 'CUSTOMER', externalAccountId: id, signature }, callContext(tenant))

  it('activates a first-party wallet that signs the challenge; a bad signature makes it UNVERIFIED', async () => {
    const tenant = newTenant()
    const account = await createAccount(h, tenant, createRequest(wallet, { customerId: h.customers.add(tenant) }, { ownershipType: 'FIRST_PARTY' }))
    expect(account.status).toBe('PENDING_OWNERSHIP_VERIFICATION')
    expect((await checkUsable(tenant, account.id)).isOwnershipVerified).toBe(false)
    const first = await challenge(tenant, account.id)
    const bad = await apiErrorOf(verify(tenant, account.id, sign(`${first.messageToSign} tampered`)))
    expect(bad.details.errors).toEqual([expect.objectContaining({ field: 'signature' })])
    expect((await get(tenant, account.id)).status).toBe('UNVERIFIED')
    expect((await apiErrorOf(verify(tenant, account.id, sign(first.messageToSign!)))).code).toBe('CONFLICT')
    const second = await challenge(tenant, account.id)
    const verified = shownAccount(await verify(tenant, account.id, sign(second.messageToSign!)))
    expect(verified).toEqual({ ...account, status: 'ACTIVE' })
    expect(await get(tenant, account.id)).toEqual(verified)
    expect((await statusEvents(account.id)).map((e) => e.data.status)).toEqual(['UNVERIFIED', 'PENDING_OWNERSHIP_VERIFICATION', 'ACTIVE'])
    expect((await apiErrorOf(challenge(tenant, account.id))).code).toBe('CONFLICT')
  })

  it('applies to first-party self-custody wallets only', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const thirdParty = await createAccount(h, tenant, createRequest(wallet, { customerId }, { ownershipType: 'THIRD_PARTY' }))
    expect(thirdParty.status).toBe('ACTIVE')
    expect((await apiErrorOf(challenge(tenant, thirdParty.id))).code).toBe('CONFLICT')
    const custodial = { ...wallet, accountInfo: { ...wallet.accountInfo, vaspName: 'Kraken' } }
    const held = await createAccount(h, tenant, createRequest(custodial, { customerId: h.customers.add(tenant) }, { ownershipType: 'FIRST_PARTY' }))
    expect(held.status).toBe('ACTIVE')
    const bank = await createAccount(h, tenant, createRequest(EUR, { customerId }))
    expect((await apiErrorOf(challenge(tenant, bank.id))).code).toBe('CONFLICT')
  })
})
