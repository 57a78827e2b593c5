import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_EXAMPLES, type AccountExample } from './external-accounts-examples.js'
import { apiErrorOf, callContext, createAccount, createRequest, newTenant, startExternalAccountsHarness, type ExternalAccountsHarness } from './external-accounts-harness.js'
import { open } from '../src/db/client.js'

/** What payments' bank file needs of a US account: the number opened from its seal, for payments alone (its caller table). */
let h: ExternalAccountsHarness
beforeAll(async () => {
  h = await startExternalAccountsHarness('payout_details')
})
afterAll(() => h?.stop())

const withNumber = (example: AccountExample, accountNumber: string): AccountExample => ({ ...example, accountInfo: { ...example.accountInfo, accountNumber } })

describe('GetPayoutBankDetails', () => {
  it("answers a US account's routing number, full account number, kind and beneficiary, the number sealed at rest", async () => {
    const tenant = newTenant('PRODUCTION')
    const accountNumber = `${randomBytes(4).readUInt32BE()}012`
    const example = withNumber(ACCOUNT_EXAMPLES.US_ACCOUNT, accountNumber)
    const account = await createAccount(h, tenant, createRequest(example, 'PLATFORM'))
    const details = await callUnary(h.client, h.client.getPayoutBankDetails, { externalAccountId: account.id }, callContext(tenant))
    expect(details).toMatchObject({ accountType: 'US_ACCOUNT', routingNumber: '011000015', accountNumber, accountKind: 'CHECKING' })
    expect(['INDIVIDUAL', 'BUSINESS']).toContain(details.beneficiaryType)
    const stored = await open(h.db).externalAccount.findUniqueOrThrow({ where: { id: account.id } })
    expect(JSON.stringify(stored.accountInfo)).not.toContain(accountNumber)
  })

  it("answers a EUR account's full IBAN and its beneficiary for a SEPA file", async () => {
    const tenant = newTenant('PRODUCTION')
    const euro = await createAccount(h, tenant, createRequest(ACCOUNT_EXAMPLES.EUR_ACCOUNT, 'PLATFORM'))
    const details = await callUnary(h.client, h.client.getPayoutBankDetails, { externalAccountId: euro.id }, callContext(tenant))
    expect(details).toMatchObject({ accountType: 'EUR_ACCOUNT', iban: ACCOUNT_EXAMPLES.EUR_ACCOUNT.accountInfo.iban })
    expect(details.beneficiaryName).not.toBe('')
  })

  it('refuses an account that is not a US or EUR IBAN bank account, and another tenant does not see it', async () => {
    const tenant = newTenant('PRODUCTION')
    const pound = await createAccount(h, tenant, createRequest(ACCOUNT_EXAMPLES.GBP_ACCOUNT, 'PLATFORM'))
    const refused = await apiErrorOf(callUnary(h.client, h.client.getPayoutBankDetails, { externalAccountId: pound.id }, callContext(tenant)))
    expect(refused.code).toBe('INVALID_BANK_ACCOUNT')
    const stranger = await apiErrorOf(callUnary(h.client, h.client.getPayoutBankDetails, { externalAccountId: pound.id }, callContext(newTenant('PRODUCTION'))))
    expect(stranger.code).toBe('ACCOUNT_NOT_FOUND')
  })
})
