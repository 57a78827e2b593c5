import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { sealingKeyring } from '@pp/secrets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountType } from '../src/domain/external-accounts/account-types.js'
import { bankAccountSealing, openAccountInfo, UnreadableAccountNumber } from '../src/domain/external-accounts/bank-account-sealing.js'
import { createExternalAccount } from '../src/domain/external-accounts/create-external-account.js'
import { identityOf } from '../src/domain/external-accounts/identity.js'
import { getExternalAccount, listExternalAccounts } from '../src/domain/external-accounts/read-external-accounts.js'
import { sealStoredAccounts } from '../src/domain/external-accounts/seal-stored-accounts.js'
import type { AccountInfoInput } from '../src/domain/external-accounts/types.js'
import type { Tenant } from '../src/domain/types.js'
import { ACCOUNT_EXAMPLES, type AccountExample } from './external-accounts-examples.js'
import {
  apiErrorOf, callContext, createAccount, createRequest, newTenant, shownAccount, shownPage, startExternalAccountsHarness, TEST_BANK_ACCOUNT_DATA_KEY,
  type ExternalAccountsHarness,
} from './external-accounts-harness.js'
import { open } from '../src/db/client.js'

/** External bank account numbers are never stored in the clear (issue 31): sealed on the way in, opened for the API, sealed at start if found. */
let h: ExternalAccountsHarness
beforeAll(async () => {
  h = await startExternalAccountsHarness('sealing')
})
afterAll(() => h?.stop())

const USD = ACCOUNT_EXAMPLES.USD_ACCOUNT
const EUR = ACCOUNT_EXAMPLES.EUR_ACCOUNT
const MXN = ACCOUNT_EXAMPLES.MXN_ACCOUNT
const WALLET = ACCOUNT_EXAMPLES.ETHEREUM_WALLET
const usdNumbered = (accountNumber: string): AccountExample => ({ ...USD, accountInfo: { ...USD.accountInfo, accountNumber } })
/** A USD account of its own, ending as the example does (the last digits pick a sandbox scenario). */
const randomUsd = (): AccountExample => usdNumbered(`${randomBytes(4).readUInt32BE()}012`)

const rowOf = (id: string) => open(h.db).externalAccount.findUniqueOrThrow({ where: { id } })
const storedInfoOf = async (id: string) => (await rowOf(id)).accountInfo as AccountInfoInput
const customerAccount = async (tenant: Tenant, example: AccountExample, customerId = h.customers.add(tenant)) =>
  createAccount(h, tenant, createRequest(example, { customerId }))

/** The row as a replica from before sealing wrote it: the numbers and the identity in the clear. */
async function storeInTheClear(id: string, info: AccountInfoInput): Promise<void> {
  const identity = identityOf(info as AccountInfoInput & { accountType: AccountType }).key
  await open(h.db).$executeRaw`UPDATE external_accounts SET account_info = ${JSON.stringify(info)}::jsonb, identity_key = ${identity} WHERE id = ${id}`
}

/** A logger that keeps what was logged as an error. */
function errorCollector(): { logger: Logger; errors: Array<{ externalAccountId?: string }> } {
  const errors: Array<{ externalAccountId?: string }> = []
  return { logger: { error: (fields: { externalAccountId?: string }) => void errors.push(fields) } as unknown as Logger, errors }
}

describe('bank account numbers at rest', () => {
  it('are sealed per account; the identity is a keyed HMAC; bank codes and wallet addresses stay readable', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const cases = [
      [USD, 'accountNumber', '123456789012'],
      [EUR, 'iban', 'DE89370400440532013000'],
      [MXN, 'clabeNumber', '032180000118359719'],
    ] as const
    for (const [example, field, number] of cases) {
      const created = await customerAccount(tenant, example, customerId)
      const row = await rowOf(created.id)
      expect(JSON.stringify(row)).not.toContain(number)
      expect((row.accountInfo as AccountInfoInput)[field]).toMatch(new RegExp(`^sealed:v1:${h.deps.sealing.keyring.currentKeyId}:`))
      expect(row.identityKey).toMatch(/^hmac:v1:[0-9a-f]{16}:[0-9a-f]{64}$/)
    }
    const usd = (await open(h.db).externalAccount.findFirstOrThrow({ where: { platformId: tenant.platformId, accountType: 'USD_ACCOUNT' } })).accountInfo
    expect(usd).toMatchObject({ routingNumber: '021000021', beneficiary: USD.accountInfo.beneficiary })
    const wallet = await rowOf((await customerAccount(tenant, WALLET, customerId)).id)
    expect(wallet.accountInfo).toEqual(WALLET.accountInfo)
    expect(wallet.identityKey).not.toContain(WALLET.accountInfo.address!.toLowerCase().slice(2))
  })

  it('are shown in full by create, get, list, the payments check and a replay, whose kept answer is sealed too', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const created = await createAccount(h, tenant, createRequest(EUR, { customerId }), 'sealed-replay')
    expect(created.accountInfo.iban).toBe(EUR.accountInfo.iban)
    expect(await createAccount(h, tenant, createRequest(EUR, { customerId }), 'sealed-replay')).toEqual(created)
    const kept = await open(h.db).idempotencyKey.findFirstOrThrow({ where: { platformId: tenant.platformId, key: 'sealed-replay' } })
    expect(JSON.stringify(kept)).not.toContain(EUR.accountInfo.iban)

    const got = shownAccount(await callUnary(h.client, h.client.getExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: created.id }, callContext(tenant)))
    expect(got).toEqual(created)
    const listed = shownPage(await callUnary(h.client, h.client.listExternalAccounts, { ownerKind: 'CUSTOMER', limit: 0 }, callContext(tenant)))
    expect(listed.data).toEqual([created])
    const facts = (await callUnary(h.client, h.client.checkExternalAccountUsable, { externalAccountId: created.id }, callContext(tenant))).facts!
    expect(facts.iban).toBe(EUR.accountInfo.iban)
  })

  it('still refuse an equivalent account of the owner, and tell nothing of which owners share a number', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const first = await customerAccount(tenant, USD, customerId)
    expect((await apiErrorOf(customerAccount(tenant, USD, customerId))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
    const other = await customerAccount(tenant, USD)
    expect((await rowOf(other.id)).identityKey).not.toBe((await rowOf(first.id)).identityKey)
  })
})

describe('a number moved to another account', () => {
  it('does not open: reading that account fails with an error naming it, and the list shows the others', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const source = await customerAccount(tenant, randomUsd(), customerId)
    const target = await customerAccount(tenant, randomUsd(), customerId)
    const moved = (await storedInfoOf(source.id)).accountNumber!
    await open(h.db).$executeRaw`UPDATE external_accounts SET account_info = jsonb_set(account_info, '{accountNumber}', to_jsonb(${moved}::text)) WHERE id = ${target.id}`

    const refusal = getExternalAccount(h.deps, tenant, 'CUSTOMER', target.id)
    await expect(refusal).rejects.toBeInstanceOf(UnreadableAccountNumber)
    await expect(refusal).rejects.toThrow(`the accountNumber of ${target.id} does not open`)
    const overGrpc = await apiErrorOf(callUnary(h.client, h.client.getExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: target.id }, callContext(tenant)))
    expect([overGrpc.status, overGrpc.code]).toEqual([500, 'INTERNAL_ERROR'])

    const { logger, errors } = errorCollector()
    const page = await listExternalAccounts(h.deps, tenant, { ownerKind: 'CUSTOMER', limit: 0 }, logger)
    expect(page.data.map((account) => [account.id, account.accountInfo.accountNumber])).toEqual([[source.id, source.accountInfo.accountNumber]])
    expect(errors).toEqual([expect.objectContaining({ externalAccountId: target.id })])
    // a rotation's start-up pass would refuse it too: put the row back out of the way of the tests below
    await open(h.db).externalAccount.delete({ where: { id: target.id } })
  })
})

describe('the start-up pass', () => {
  it('seals numbers and keys identities found in the clear, once; the duplicate check then finds them', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const accounts = await Promise.all([USD, EUR, WALLET].map((example) => customerAccount(tenant, example, customerId)))
    for (const [index, example] of [USD, EUR, WALLET].entries()) await storeInTheClear(accounts[index]!.id, example.accountInfo)
    expect(JSON.stringify(await storedInfoOf(accounts[0]!.id))).toContain('123456789012')

    expect(await sealStoredAccounts(h.sql, h.deps.sealing)).toEqual({ sealed: 3, duplicates: [] })
    expect(JSON.stringify(await rowOf(accounts[0]!.id))).not.toContain('123456789012')
    expect((await rowOf(accounts[2]!.id)).identityKey).toMatch(/^hmac:v1:/)
    const got = shownAccount(await callUnary(h.client, h.client.getExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: accounts[0]!.id }, callContext(tenant)))
    expect(got.accountInfo.accountNumber).toBe('123456789012')
    for (const example of [USD, EUR, WALLET]) expect((await apiErrorOf(customerAccount(tenant, example, customerId))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
    expect(await sealStoredAccounts(h.sql, h.deps.sealing)).toEqual({ sealed: 0, duplicates: [] })
  })

  it('does each row once when replicas start together', async () => {
    const tenant = newTenant()
    const examples = [randomUsd(), randomUsd(), randomUsd(), randomUsd()]
    for (const example of examples) await storeInTheClear((await customerAccount(tenant, example)).id, example.accountInfo)
    const outcomes = await Promise.all([sealStoredAccounts(h.sql, h.deps.sealing), sealStoredAccounts(h.sql, h.deps.sealing)])
    expect(outcomes[0].sealed + outcomes[1].sealed).toBe(examples.length)
  })

  it('marks an account found equivalent to a live one (registered twice during a rollout) without failing the start', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const example = randomUsd()
    const kept = await customerAccount(tenant, example, customerId)
    const twin = await customerAccount(tenant, randomUsd(), customerId)
    await storeInTheClear(twin.id, example.accountInfo)

    expect(await sealStoredAccounts(h.sql, h.deps.sealing)).toEqual({ sealed: 1, duplicates: [twin.id] })
    expect((await rowOf(twin.id)).identityKey).toBe(`${(await rowOf(kept.id)).identityKey}:duplicate:${twin.id}`)
    expect((await apiErrorOf(customerAccount(tenant, example, customerId))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
    // as an operator resolves it, which a rotation's pass would otherwise report again
    await callUnary(h.client, h.client.deleteExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: twin.id }, callContext(tenant))
  })

  it('seals again under a new key what the previous key sealed, after which the previous key can go', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const account = await customerAccount(tenant, USD, customerId)
    const newKey = randomBytes(32).toString('hex')
    const rotated = bankAccountSealing(newKey, [TEST_BANK_ACCOUNT_DATA_KEY])
    const rowCount = await open(h.db).externalAccount.count()

    expect(await sealStoredAccounts(h.sql, rotated)).toEqual({ sealed: rowCount, duplicates: [] })
    const row = await rowOf(account.id)
    expect(row.identityKey).toMatch(new RegExp(`^hmac:v1:${rotated.keyring.currentKeyId}:`))
    expect(openAccountInfo(sealingKeyring(newKey), account.id, row.accountInfo as AccountInfoInput).accountNumber).toBe('123456789012')
    const caller = { ...tenant, requestId: 'rotated' }
    const again = createExternalAccount({ ...h.deps, sealing: rotated }, caller, { ownerKind: 'CUSTOMER', customerId, currency: 'USD', accountInfo: USD.accountInfo, defaultUmaDepositAccount: false })
    expect((await apiErrorOf(again)).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
    expect(await sealStoredAccounts(h.sql, rotated)).toEqual({ sealed: 0, duplicates: [] })
  })
})
