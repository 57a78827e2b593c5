import { ExternalAccountSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_EXAMPLES } from '../../../test/external-accounts-examples.js'
import type { ExternalAccountRecord } from '../../db/external-accounts.db.js'
import { bankAccountSealing, sealAccountInfo } from './bank-account-sealing.js'
import { toExternalAccountView } from './view.js'

const sealing = bankAccountSealing('11'.repeat(32))
const at = new Date('2025-10-13T09:00:00Z')
const ID = 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003'

/** An account of this example's type as stored: its numbers sealed, as a create leaves them. */
const stored = ({ currency, accountInfo }: (typeof ACCOUNT_EXAMPLES)[keyof typeof ACCOUNT_EXAMPLES], extra: Partial<ExternalAccountRecord> = {}): ExternalAccountRecord => ({
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  id: ID,
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  accountType: accountInfo.accountType,
  currency,
  accountInfo: sealAccountInfo(sealing.keyring, ID, accountInfo),
  identityKey: 'identity',
  platformAccountId: null,
  ownershipType: null,
  defaultUmaDepositAccount: false,
  status: 'ACTIVE',
  beneficiaryVerificationStatus: null,
  beneficiaryVerifiedName: null,
  achValidationStatus: null,
  achValidatesAt: null,
  achValidationOutcome: null,
  isTrusted: false,
  createdAt: at,
  updatedAt: at,
  ...extra,
})

/** The view as it travels (JSON), parsed by the contract: it keeps every field and adds none. */
const expectContract = (record: ExternalAccountRecord) => {
  const json: unknown = JSON.parse(JSON.stringify(toExternalAccountView(record, at, sealing.keyring)))
  expect(ExternalAccountSchema.parse(json)).toEqual(json)
}

describe('the external account view keeps to the ExternalAccount contract', () => {
  it.each(Object.entries(ACCOUNT_EXAMPLES))('a %s', (_type, example) => {
    expectContract(stored(example))
  })

  it('a platform account of the platform, third party, with its beneficiary checked', () => {
    expectContract(
      stored(ACCOUNT_EXAMPLES.EUR_ACCOUNT, {
        customerId: null,
        platformAccountId: 'treasury-eur',
        ownershipType: 'THIRD_PARTY',
        beneficiaryVerificationStatus: 'PARTIAL_MATCH',
        beneficiaryVerifiedName: 'Jane M. Doe',
      }),
    )
  })

  it.each(['PENDING', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'] as const)('an account %s', (status) => {
    expectContract(stored(ACCOUNT_EXAMPLES.US_ACCOUNT, { status, defaultUmaDepositAccount: true, ownershipType: 'FIRST_PARTY' }))
  })
})
