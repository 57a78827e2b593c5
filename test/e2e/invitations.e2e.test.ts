import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { startWebhookReceiver } from './webhook-receiver.js'

/**
 * UMA invitations and the rest of the customers area end to end through the gateway: every
 * customer shows an UMA address, consent recorded later through PATCH, GET /verifications with its
 * filters and keyset paging, and invitations created, claimed once under racing claims, cancelled,
 * with the invitation-claimed webhook.
 */
let mesh: Mesh
let api: ReturnType<typeof apiClient>
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let termsVersion: string

const individual = (name: string, extra: Record<string, unknown> = {}) => ({
  customerType: 'INDIVIDUAL',
  fullName: name,
  email: 'someone@example.com',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
  ...extra,
})

const consent = () => ({ type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', termsVersion, ipAddress: '203.0.113.7', acceptanceMethod: 'CHECKBOX' })

beforeAll(async () => {
  mesh = sharedMesh()
  api = apiClient(mesh, await mesh.createPlatform('e2e-invitations'))
  receiver = await startWebhookReceiver()
  expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url })).status).toBe(200)
  termsVersion = (await api('GET', '/customers/end-user-terms')).body.version
}, 120_000)

afterAll(async () => {
  await receiver?.close()
  await mesh?.stop()
})

describe('the customer resource', () => {
  it('always carries umaAddress and platformCustomerId, system-generated when not sent, and keeps an address to one customer', async () => {
    const generated = await api('POST', '/customers', individual('Gen Erated'))
    expect(generated.status).toBe(201)
    expect(generated.body.umaAddress).toMatch(/^\$[0-9a-f]{32}@uma\.payments\.local$/)
    expect(generated.body.platformCustomerId).toBe(generated.body.id.slice('Customer:'.length))

    const chosen = await api('POST', '/customers', individual('Cho Sen', { umaAddress: '$chosen@uma.example.com' }))
    expect(chosen.body.umaAddress).toBe('$chosen@uma.example.com')
    const taken = await api('POST', '/customers', individual('Tak En', { umaAddress: '$chosen@uma.example.com' }))
    expect([taken.status, taken.body.code]).toEqual([409, 'UMA_ADDRESS_EXISTS'])
    const takenByUpdate = await api('PATCH', `/customers/${generated.body.id}`, { customerType: 'INDIVIDUAL', umaAddress: '$chosen@uma.example.com' })
    expect([takenByUpdate.status, takenByUpdate.body.code]).toEqual([409, 'UMA_ADDRESS_EXISTS'])
  })

  it('records consent for a customer created without it through PATCH, and only then provisions its internal accounts', async () => {
    const customer = (await api('POST', '/customers', individual('Late Consent', { currencies: ['USD'] }))).body
    expect(customer.agreementConsents).toEqual([])
    const accounts = async () => (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`)).body.data as unknown[]
    expect(await accounts()).toEqual([])
    const patched = await api('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', agreementConsents: [consent()] })
    expect(patched.status).toBe(200)
    expect(patched.body.agreementConsents).toEqual([expect.objectContaining({ type: 'SERVICE_END_USER_TERMS', termsVersion })])
    await waitUntil(async () => (await accounts()).length > 0, 'the internal accounts once the terms are accepted')
  })
})

describe('GET /verifications', () => {
  it('lists verifications newest first, filtered by customer and status, one keyset page at a time', async () => {
    const approved = (await api('POST', '/customers', individual('Ann Approved', { birthDate: '1990-01-01' }))).body
    const missing = (await api('POST', '/customers', individual('Mia Missing', { address: undefined }))).body
    const submitted: string[] = []
    for (const customer of [approved, missing, approved]) {
      const verification = await api('POST', '/verifications', { customerId: customer.id })
      expect(verification.status).toBe(200)
      submitted.push(verification.body.id)
    }
    const first = await api('GET', '/verifications?limit=2')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 3 })
    expect(first.body.data.map((v: { id: string }) => v.id)).toEqual([submitted[2], submitted[1]])
    const second = await api('GET', `/verifications?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`)
    expect(second.body).toMatchObject({ hasMore: false, totalCount: 3 })
    expect(second.body.data.map((v: { id: string }) => v.id)).toEqual([submitted[0]])

    const ofApproved = await api('GET', `/verifications?customerId=${encodeURIComponent(approved.id)}`)
    expect(ofApproved.body.data.map((v: { id: string }) => v.id)).toEqual([submitted[2], submitted[0]])
    const missingStatus = (await api('GET', `/verifications/${submitted[1]}`)).body.verificationStatus
    const byStatus = await api('GET', `/verifications?verificationStatus=${missingStatus}`)
    expect(byStatus.body.data.map((v: { id: string }) => v.id)).toContain(submitted[1])
    expect(byStatus.body.data.every((v: { verificationStatus: string }) => v.verificationStatus === missingStatus)).toBe(true)

    expect((await api('GET', '/verifications?verificationStatus=DONE')).status).toBe(400)
    expect((await api('GET', '/verifications?limit=101')).status).toBe(400)
  })
})

describe('UMA invitations', () => {
  it('needs the platform UMA domain, an inviter that is a customer, and well-formed addresses', async () => {
    const inviter = (await api('POST', '/customers', individual('In Viter', { umaAddress: '$inviter@uma.example.com' }))).body
    const unconfigured = await api('POST', '/invitations', { inviterUma: inviter.umaAddress })
    expect([unconfigured.status, unconfigured.body.code]).toEqual([400, 'INVITATIONS_NOT_CONFIGURED'])
    expect((await api('PATCH', '/config', { umaDomain: 'uma.example.com' })).status).toBe(200)
    const malformed = await api('POST', '/invitations', { inviterUma: 'inviter-at-example' })
    expect([malformed.status, malformed.body.code]).toEqual([400, 'INVALID_UMA_ADDRESS'])
    const stranger = await api('POST', '/invitations', { inviterUma: '$nobody@uma.example.com' })
    expect([stranger.status, stranger.body.code]).toEqual([400, 'INVALID_UMA_ADDRESS'])
    const missing = await api('GET', '/invitations/0000000000000000')
    expect([missing.status, missing.body.code]).toEqual([404, 'INVITATION_NOT_FOUND'])
  })

  it('is claimed exactly once under 20 racing claims, with one invitation-claimed webhook', async () => {
    const created = await api('POST', '/invitations', { inviterUma: '$inviter@uma.example.com', firstName: 'Ivy', amountToSend: 500 })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      inviterUma: '$inviter@uma.example.com',
      status: 'PENDING',
      firstName: 'Ivy',
      amountToSend: { amount: 500, currency: { code: 'USD', decimals: 2 } },
      url: `https://uma.example.com/i/${created.body.code}`,
    })
    expect((await api('GET', `/invitations/${created.body.code}`)).body).toEqual(created.body)

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', `/invitations/${created.body.code}/claim`, { inviteeUma: `$invitee${i}@other.example.com` })),
    )
    const won = claims.filter((c) => c.status === 200)
    expect(won).toHaveLength(1)
    expect(claims.filter((c) => c.status === 400).map((c) => c.body.code)).toEqual(Array(19).fill('INVITATION_ALREADY_CLAIMED'))
    const claimed = won[0]!.body
    expect(claimed).toMatchObject({ status: 'CLAIMED', inviteeUma: expect.stringMatching(/^\$invitee\d+@other\.example\.com$/), claimedAt: expect.any(String) })
    expect((await api('GET', `/invitations/${created.body.code}`)).body).toEqual(claimed)

    await waitUntil(async () => receiver.received.some((w) => w.body.type === 'INVITATION.CLAIMED'), 'the invitation-claimed webhook')
    const webhooks = receiver.received.filter((w) => w.body.type === 'INVITATION.CLAIMED')
    expect(webhooks).toHaveLength(1)
    expect(webhooks[0]!.body.data).toEqual(claimed)

    const cancelClaimed = await api('POST', `/invitations/${created.body.code}/cancel`)
    expect([cancelClaimed.status, cancelClaimed.body.code]).toEqual([400, 'INVITATION_ALREADY_CLAIMED'])
  })

  it('is cancelled once; a cancelled invitation cannot be claimed', async () => {
    const created = (await api('POST', '/invitations', { inviterUma: '$inviter@uma.example.com' })).body
    const badInvitee = await api('POST', `/invitations/${created.code}/claim`, { inviteeUma: 'not an address' })
    expect([badInvitee.status, badInvitee.body.code]).toEqual([400, 'INVALID_UMA_ADDRESS'])
    const cancelled = await api('POST', `/invitations/${created.code}/cancel`)
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'CANCELLED'])
    const claim = await api('POST', `/invitations/${created.code}/claim`, { inviteeUma: '$late@other.example.com' })
    expect([claim.status, claim.body.code]).toEqual([400, 'INVITATION_CANCELLED'])
    const again = await api('POST', `/invitations/${created.code}/cancel`)
    expect([again.status, again.body.code]).toEqual([400, 'INVITATION_CANCELLED'])
    const unknown = await api('POST', '/invitations/ffffffffffffffff/claim', { inviteeUma: '$late@other.example.com' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'INVITATION_NOT_FOUND'])
  })
})
