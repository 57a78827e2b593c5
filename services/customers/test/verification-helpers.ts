import { callUnary, createGrpcClient } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { BeneficialOwnersServiceClient } from '@pp/proto/customers/v1/beneficial_owners'
import { BulkImportServiceClient } from '@pp/proto/customers/v1/bulk_import'
import { ContactVerificationServiceClient } from '@pp/proto/customers/v1/contact_verification'
import { DocumentsServiceClient, DocumentUpload, type DeepPartial } from '@pp/proto/customers/v1/documents'
import { HostedKycServiceClient } from '@pp/proto/customers/v1/hosted_kyc'
import { KycLinksServiceClient } from '@pp/proto/customers/v1/kyc_links'
import { VerificationsServiceClient } from '@pp/proto/customers/v1/verifications'
import type { BeneficialOwnerView } from '../src/domain/beneficial-owners/types.js'
import type { DocumentView } from '../src/domain/documents/types.js'
import type { Page } from '@pp/paging'
import type { VerificationView } from '../src/domain/verifications/types.js'
import type { Harness } from './harness.js'
import { open } from '../src/db/client.js'

/** A client of every customers.v1 service beyond CustomersService, on the harness's server. */
export function verificationClients(h: Harness) {
  const clients = {
    verifications: createGrpcClient(VerificationsServiceClient, h.address),
    kycLinks: createGrpcClient(KycLinksServiceClient, h.address),
    hosted: createGrpcClient(HostedKycServiceClient, h.address),
    owners: createGrpcClient(BeneficialOwnersServiceClient, h.address),
    documents: createGrpcClient(DocumentsServiceClient, h.address),
    contact: createGrpcClient(ContactVerificationServiceClient, h.address),
    bulk: createGrpcClient(BulkImportServiceClient, h.address),
  }
  return { ...clients, close: () => Object.values(clients).forEach((c) => c.close()) }
}

export type VerificationClients = ReturnType<typeof verificationClients>

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

export const upload = (holder: string, documentType: string, extra: DeepPartial<DocumentUpload> = {}): DocumentUpload =>
  DocumentUpload.fromPartial({
    documentHolder: holder,
    documentType,
    country: 'US',
    fileName: `${documentType.toLowerCase()}.pdf`,
    contentType: 'application/pdf',
    content: PDF,
    ...extra,
  })

/** A resource or page as an answer carries it: the API's JSON. */
export const fromJson = <T>(json: string): T => JSON.parse(json) as T

export async function uploadDocument(c: VerificationClients, ctx: Caller, document: DocumentUpload): Promise<DocumentView> {
  return fromJson((await callUnary(c.documents, c.documents.uploadDocument, { document }, ctx)).documentJson)
}

export async function listDocuments(c: VerificationClients, ctx: Caller, documentHolder: string): Promise<Page<DocumentView>> {
  return fromJson((await callUnary(c.documents, c.documents.listDocuments, { documentHolder, limit: 0 }, ctx)).pageJson)
}

export async function verify(c: VerificationClients, ctx: Caller, customerId: string): Promise<VerificationView> {
  return fromJson((await callUnary(c.verifications, c.verifications.createVerification, { customerId }, ctx)).verificationJson)
}

export const personalInfo = (firstName: string) => ({
  firstName,
  lastName: 'Owner',
  birthDate: '1980-02-03',
  nationality: 'US',
  address: { line1: '2 Side St', postalCode: '10001', country: 'US' },
  idType: 'SSN',
  identifier: '123-45-6789',
})

export async function addOwner(c: VerificationClients, ctx: Caller, customerId: string, roles: string[], percentage = 40): Promise<BeneficialOwnerView> {
  const owner = { roles, ownershipPercentage: percentage, personalInfo: personalInfo(roles[0]!.toLowerCase()) }
  return fromJson((await callUnary(c.owners, c.owners.createBeneficialOwner, { customerId, owner }, ctx)).beneficialOwnerJson)
}

export async function listOwners(c: VerificationClients, ctx: Caller, customerId: string, limit = 0, cursor?: string): Promise<Page<BeneficialOwnerView>> {
  return fromJson((await callUnary(c.owners, c.owners.listBeneficialOwners, { customerId, limit, cursor }, ctx)).pageJson)
}

/** The profile fields an individual's packet needs. */
export const completeIndividualProfile = {
  birthDate: '1990-01-15',
  nationality: 'US',
  address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
}

/** Everything a business packet needs besides its record: control person, owner, documents. */
export async function completeBusinessPacket(c: VerificationClients, ctx: Caller, customerId: string): Promise<void> {
  const control = await addOwner(c, ctx, customerId, ['CONTROL_PERSON', 'DIRECTOR'], 0)
  const owner = await addOwner(c, ctx, customerId, ['UBO'], 60)
  for (const holder of [control.id, owner.id]) await uploadDocument(c, ctx, upload(holder, 'PASSPORT'))
  for (const type of ['CERTIFICATE_OF_INCORPORATION', 'SHAREHOLDER_REGISTER', 'UTILITY_BILL']) {
    await uploadDocument(c, ctx, upload(customerId, type))
  }
}

interface Envelope {
  type: string
  data: { id?: string; customerId?: string; kycStatus?: string; kybStatus?: string }
}

/** The events written about a customer (customer and verification events), oldest first. */
export async function eventsAbout(h: Harness, customerId: string): Promise<Envelope[]> {
  const rows = await open(h.db).outboxEvent.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows
    .map((r) => r.payload as unknown as Envelope)
    .filter((e) => e.data.id === customerId || e.data.customerId === customerId)
}
