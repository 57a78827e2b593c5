import { callUnary } from '@pp/grpc'
import { BeneficialOwnerInput } from '@pp/proto/customers/v1/beneficial_owners'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { business, create, failure, individual, newTenant, startHarness, type Harness } from './harness.js'
import type { BeneficialOwnerView } from '../src/domain/beneficial-owners/types.js'
import type { DocumentView } from '../src/domain/documents/types.js'
import {
  addOwner,
  fromJson,
  listDocuments,
  listOwners,
  PNG,
  upload,
  uploadDocument,
  verificationClients,
  type VerificationClients,
} from './verification-helpers.js'
import { open } from '../src/db/client.js'

let h: Harness
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('owners_documents')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

describe('beneficial owners', () => {
  it('adds owners to a business, lists them newest first, and updates only what is sent', async () => {
    const ctx = newTenant()
    const company = await create(h, ctx, business())
    const first = await addOwner(c, ctx, company.id, ['UBO'], 30)
    const second = await addOwner(c, ctx, company.id, ['CONTROL_PERSON'], 0)
    expect(first).toMatchObject({ customerId: company.id, roles: ['UBO'], ownershipPercentage: 30, kycStatus: 'UNVERIFIED' })
    expect(first.personalInfo).not.toHaveProperty('identifier')
    const page = await listOwners(c, ctx, company.id, 1)
    expect(page).toMatchObject({ hasMore: true, totalCount: 2, data: [{ id: second.id }] })
    const next = await listOwners(c, ctx, company.id, 1, page.nextCursor)
    expect(next.data.map((o) => o.id)).toEqual([first.id])

    const changes = BeneficialOwnerInput.fromPartial({ ownershipPercentage: 45, personalInfo: { middleName: 'Q' } })
    const { beneficialOwnerJson } = await callUnary(c.owners, c.owners.updateBeneficialOwner, { beneficialOwnerId: first.id, changes }, ctx)
    const updated = fromJson<BeneficialOwnerView>(beneficialOwnerJson)
    expect(updated).toMatchObject({ roles: ['UBO'], ownershipPercentage: 45, personalInfo: { firstName: 'ubo', middleName: 'Q' } })
    const { beneficialOwnerJson: read } = await callUnary(c.owners, c.owners.getBeneficialOwner, { beneficialOwnerId: first.id }, ctx)
    expect(fromJson(read)).toEqual(updated)
  })

  it('refuses owners of an individual, incomplete owners, and other tenants’ owners', async () => {
    const ctx = newTenant()
    const person = await create(h, ctx, individual())
    expect((await failure(addOwner(c, ctx, person.id, ['UBO']))).code).toBe('INVALID_INPUT')
    const company = await create(h, ctx, business())
    const incomplete = { roles: ['UBO', 'UBO'], ownershipPercentage: 120, personalInfo: { firstName: 'A' } }
    const error = await failure(callUnary(c.owners, c.owners.createBeneficialOwner, { customerId: company.id, owner: BeneficialOwnerInput.fromPartial(incomplete) }, ctx))
    expect((error.details.errors as Array<{ field: string }>).map((e) => e.field)).toEqual(
      expect.arrayContaining(['roles', 'ownershipPercentage', 'personalInfo.lastName', 'personalInfo.address']),
    )
    const owner = await addOwner(c, ctx, company.id, ['UBO'])
    expect((await failure(callUnary(c.owners, c.owners.getBeneficialOwner, { beneficialOwnerId: owner.id }, newTenant()))).code).toBe('NOT_FOUND')
    expect((await failure(addOwner(c, newTenant(), company.id, ['UBO']))).code).toBe('CUSTOMER_NOT_FOUND')
  })
})

describe('documents', () => {
  it('stores a document per holder, type and side; a second POST is DOCUMENT_ALREADY_EXISTS and PUT replaces', async () => {
    const ctx = newTenant()
    const person = await create(h, ctx, individual())
    const front = await uploadDocument(c, ctx, upload(person.id, 'DRIVERS_LICENSE', { side: 'FRONT' }))
    await uploadDocument(c, ctx, upload(person.id, 'DRIVERS_LICENSE', { side: 'BACK' }))
    expect((await failure(uploadDocument(c, ctx, upload(person.id, 'DRIVERS_LICENSE', { side: 'FRONT' })))).code).toBe('DOCUMENT_ALREADY_EXISTS')
    const replacement = upload(person.id, 'DRIVERS_LICENSE', { side: 'FRONT', fileName: 'front.png', contentType: 'image/png', content: PNG })
    const { documentJson } = await callUnary(c.documents, c.documents.replaceDocument, { documentId: front.id, document: replacement }, ctx)
    const replaced = fromJson<DocumentView>(documentJson)
    expect(replaced).toMatchObject({ id: front.id, fileName: 'front.png', documentHolder: person.id })
    const { documentJson: read } = await callUnary(c.documents, c.documents.getDocument, { documentId: front.id }, ctx)
    expect(fromJson(read)).toEqual(replaced)
    const stored = await open(h.db).document.findUniqueOrThrow({ where: { id: front.id } })
    expect(Buffer.from(stored.content).equals(PNG)).toBe(true)
    const list = await listDocuments(c, ctx, person.id)
    expect(list.totalCount).toBe(2)
    expect(list.data).toContainEqual(replaced)
  })

  it('answers DOCUMENT_HOLDER_NOT_FOUND for an unknown or foreign holder', async () => {
    const person = await create(h, newTenant(), individual())
    expect((await failure(uploadDocument(c, newTenant(), upload(person.id, 'PASSPORT')))).code).toBe('DOCUMENT_HOLDER_NOT_FOUND')
    expect((await failure(uploadDocument(c, newTenant(), upload('BeneficialOwner:nope', 'PASSPORT')))).code).toBe('DOCUMENT_HOLDER_NOT_FOUND')
  })

  it('holds beneficial owners’ documents in the business’s packet', async () => {
    const ctx = newTenant()
    const company = await create(h, ctx, business())
    const owner = await addOwner(c, ctx, company.id, ['UBO'])
    await uploadDocument(c, ctx, upload(owner.id, 'PASSPORT'))
    expect(await open(h.db).document.count({ where: { customerId: company.id, holderId: owner.id } })).toBe(1)
  })

  it.each(['LOW_QUALITY', 'DATA_MISMATCH', 'EXPIRED', 'SUSPECTED_FRAUD', 'UNSUITABLE_DOCUMENT', 'INCOMPLETE'])(
    'rejects a sandbox file named *_%s with that reason and stores nothing',
    async (reason) => {
      const ctx = newTenant()
      const person = await create(h, ctx, individual())
      const error = await failure(uploadDocument(c, ctx, upload(person.id, 'PASSPORT', { fileName: `passport_${reason.toLowerCase()}.pdf` })))
      expect(error.code).toBe(reason)
      expect(await open(h.db).document.count({ where: { holderId: person.id } })).toBe(0)
    },
  )

  it('refuses files that are not PDF, JPEG or PNG, or whose content is not what they claim', async () => {
    const ctx = newTenant()
    const person = await create(h, ctx, individual())
    const gif = upload(person.id, 'PASSPORT', { contentType: 'image/gif', content: Buffer.from('GIF89a') })
    const fake = upload(person.id, 'PASSPORT', { contentType: 'application/pdf', content: Buffer.from('MZ not a pdf') })
    for (const bad of [gif, fake, upload(person.id, 'PASSPORT', { content: Buffer.alloc(0) })]) {
      expect(await failure(uploadDocument(c, ctx, bad))).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'file' })] } })
    }
  })

  it('accepts a 10 MB file and refuses a larger one', async () => {
    const ctx = newTenant()
    const person = await create(h, ctx, individual())
    const tenMb = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 - 9)])
    expect((await uploadDocument(c, ctx, upload(person.id, 'PASSPORT', { content: tenMb }))).id).toBeTruthy()
    const error = await failure(uploadDocument(c, ctx, upload(person.id, 'NATIONAL_ID', { content: Buffer.concat([tenMb, Buffer.from('x')]) })))
    expect(error.code).toBe('INVALID_INPUT')
  })

  it('keeps documents of an approved customer', async () => {
    const ctx = newTenant()
    h.platforms.set(ctx, { skipVerificationPaperwork: true })
    const person = await create(h, ctx, individual())
    const document = await uploadDocument(c, ctx, upload(person.id, 'PASSPORT'))
    expect((await failure(callUnary(c.documents, c.documents.deleteDocument, { documentId: document.id }, ctx))).code).toBe('CONFLICT')
  })
})
