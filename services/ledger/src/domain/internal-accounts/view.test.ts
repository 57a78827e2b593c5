import { InternalAccountSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { collectionFor } from './collection-accounts.js'
import { fundingInstructionsFor } from './funding-instructions.js'
import type { InternalAccountRecord } from './types.js'
import { toAccountView } from './view.js'

const at = new Date('2025-10-13T09:00:00Z')
const COLLECTION = {
  ach: { routingNumber: '021000021', bankName: 'First Collection Bank', accountNumberPrefix: '8300' },
  sepa: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
}
const CUSTOMER = 'Customer:019542f5-b3e7-1d02-0000-000000000001'

/** A sandbox account of this type and currency, with the funding instructions provisioning gives it. */
function account(id: string, type: InternalAccountRecord['type'], currency: string, extra: Partial<InternalAccountRecord> = {}): InternalAccountRecord {
  const customerId = extra.customerId === undefined ? CUSTOMER : extra.customerId
  return {
    id,
    platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
    environment: 'SANDBOX',
    customerId,
    type,
    currency,
    status: 'ACTIVE',
    label: null,
    sweepRule: null,
    privateEnabled: null,
    fundingInstructions: fundingInstructionsFor({ id, type, currency, customerId }, 'SANDBOX'),
    collectionKey: null,
    createdAt: at,
    updatedAt: at,
    balanceUpdatedAt: new Date('2025-10-13T10:00:00Z'),
    balance: { accountId: id, currency, debitsPending: 200n, debitsPosted: 1_000n, creditsPending: 0n, creditsPosted: 5_000n },
    ...extra,
  }
}

describe('the internal account view keeps to the InternalAccount contract', () => {
  it.each([
    ['a USD holding account, which can fund a card', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000002', 'INTERNAL_FIAT', 'USD')],
    ['a EUR holding account', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000003', 'INTERNAL_FIAT', 'EUR')],
    ['an MXN holding account', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000004', 'INTERNAL_FIAT', 'MXN')],
    ['a GBP account of the platform', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000005', 'INTERNAL_FIAT', 'GBP', { customerId: null })],
    ['a crypto account', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000006', 'INTERNAL_CRYPTO', 'USDB')],
    ['a private embedded wallet', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000007', 'EMBEDDED_WALLET', 'USDB', { privateEnabled: true })],
    [
      'a rule-based account with its sweep rule',
      account('InternalAccount:019542f5-b3e7-1d02-0000-000000000008', 'RULE_BASED', 'USD', {
        label: 'Invoices from Acme',
        sweepRule: { destinationAccountId: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002', payerName: 'Acme Corp' },
      }),
    ],
    ['a frozen account', account('InternalAccount:019542f5-b3e7-1d02-0000-000000000009', 'INTERNAL_FIAT', 'USD', { status: 'FROZEN' })],
    ['a production account, without funding instructions', account('InternalAccount:019542f5-b3e7-1d02-0000-00000000000a', 'INTERNAL_FIAT', 'USD', { environment: 'PRODUCTION', fundingInstructions: [] })],
    ...(['USD', 'EUR'] as const).map((currency, i): [string, InternalAccountRecord] => {
      const collected = collectionFor(COLLECTION, currency, BigInt(i + 1), false)!
      const extra = { environment: 'PRODUCTION' as const, fundingInstructions: [collected.instructions], collectionKey: collected.key }
      return [`a production ${currency} account funded on the collection account`, account(`InternalAccount:019542f5-b3e7-1d02-0000-00000000000${i + 2}b`, 'INTERNAL_FIAT', currency, extra)]
    }),
  ])('%s', (_name, record) => {
    const json: unknown = JSON.parse(JSON.stringify(toAccountView(record)))
    expect(InternalAccountSchema.strict().parse(json)).toEqual(json)
  })
})
