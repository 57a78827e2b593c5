import { UmaInvitationSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { InvitationRecord } from './types.js'
import { toInvitationView } from './view.js'

const now = new Date('2025-10-14T00:00:00Z')
const pending: InvitationRecord = {
  code: 'INV-7Q2K9D',
  inviterUma: '$alice@uma.example.com',
  url: 'https://uma.me/i/INV-7Q2K9D',
  status: 'PENDING',
  createdAt: new Date('2025-10-13T09:00:00Z'),
}
const claimed: InvitationRecord = {
  ...pending,
  status: 'CLAIMED',
  inviteeUma: '$bob@uma.example.com',
  firstName: 'Bob',
  amountToSend: { amount: 1_000n, currency: 'USD' },
  expiresAt: new Date('2025-10-20T00:00:00Z'),
  claimedAt: new Date('2025-10-13T10:00:00Z'),
}

describe('the invitation view keeps to the UmaInvitation contract', () => {
  it.each([
    ['pending', pending],
    ['claimed, with an amount', claimed],
    ['cancelled', { ...pending, status: 'CANCELLED' as const }],
    ['expired', { ...pending, expiresAt: new Date('2025-10-13T12:00:00Z') }],
  ])('%s', (_name, invitation) => {
    const json: unknown = JSON.parse(JSON.stringify(toInvitationView(invitation, now)))
    expect(UmaInvitationSchema.parse(json)).toEqual(json)
  })
})
