import { callUnary } from '@pp/grpc'
import { BeneficialOwnerInput } from '@pp/proto/customers/v1/beneficial_owners'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealStoredIdentifiers } from '../src/domain/personal-data/seal-stored-identifiers.js'
import { openIdentifier } from '../src/domain/personal-data/sealed-identifier.js'
import { business, create, individual, newTenant, startHarness, type Harness } from './harness.js'
import { addOwner, verificationClients, type VerificationClients } from './verification-helpers.js'
import { open } from '../src/db/client.js'

/** National identification numbers are never stored in the clear: sealed on the way in, and sealed at start if found. */
let h: Harness
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('personal_data')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

const storedIdentifierOf = async (id: string): Promise<string | null> => (await open(h.db).customer.findUniqueOrThrow({ where: { id } })).identifier
const ownerIdentifierOf = async (id: string): Promise<string> =>
  ((await open(h.db).beneficialOwner.findUniqueOrThrow({ where: { id } })).personalInfo as { identifier: string }).identifier

describe('identification numbers at rest', () => {
  it('of a customer are sealed at creation and at update, bound to the customer', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ idType: 'SSN', identifier: '123-45-6789' }))
    const stored = (await storedIdentifierOf(customer.id))!
    expect(stored).toMatch(/^sealed:v1:/)
    expect(stored).not.toContain('6789')
    expect(openIdentifier(h.deps.personalData, customer.id, stored)).toBe('123-45-6789')

    await callUnary(h.client, h.client.updateCustomer, UpdateCustomerRequest.fromPartial({ customerId: customer.id, customerType: 'INDIVIDUAL', profile: { identifier: '987-65-4321' } }), ctx)
    expect(openIdentifier(h.deps.personalData, customer.id, (await storedIdentifierOf(customer.id))!)).toBe('987-65-4321')
    const other = await create(h, ctx, individual())
    expect(() => openIdentifier(h.deps.personalData, other.id, stored)).toThrow()
  })

  it('of a beneficial owner are sealed too', async () => {
    const ctx = newTenant()
    const company = await create(h, ctx, business())
    const owner = await addOwner(c, ctx, company.id, ['UBO'], 30)
    const stored = await ownerIdentifierOf(owner.id)
    expect(stored).toMatch(/^sealed:v1:/)
    expect(openIdentifier(h.deps.personalData, owner.id, stored)).toBe('123-45-6789')
    const changes = BeneficialOwnerInput.fromPartial({ personalInfo: { identifier: '111-22-3333' } })
    await callUnary(c.owners, c.owners.updateBeneficialOwner, { beneficialOwnerId: owner.id, changes }, ctx)
    expect(openIdentifier(h.deps.personalData, owner.id, await ownerIdentifierOf(owner.id))).toBe('111-22-3333')
  })

  it('stored in the clear before sealing are sealed by the next start, once', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const company = await create(h, ctx, business())
    const owner = await addOwner(c, ctx, company.id, ['UBO'], 30)
    await open(h.db).customer.update({ where: { id: customer.id }, data: { identifier: '555-66-7777' } })
    await open(h.db).$executeRaw`UPDATE beneficial_owners SET personal_info = jsonb_set(personal_info, '{identifier}', '"444-55-6666"') WHERE id = ${owner.id}`

    expect(await sealStoredIdentifiers(h.deps.sql, h.deps.personalData)).toBe(2)
    expect(openIdentifier(h.deps.personalData, customer.id, (await storedIdentifierOf(customer.id))!)).toBe('555-66-7777')
    expect(openIdentifier(h.deps.personalData, owner.id, await ownerIdentifierOf(owner.id))).toBe('444-55-6666')
    expect(await sealStoredIdentifiers(h.deps.sql, h.deps.personalData)).toBe(0)
  })
})
