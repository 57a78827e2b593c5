import type { DocumentRecord, DocumentUploadInput } from '../domain/documents/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { KeysetPosition } from '@pp/paging'
import type { Prisma } from './generated/client.js'

/** The index that allows one document per holder, type and side. */
export const DOCUMENT_HOLDER_TYPE_SIDE_INDEX = 'documents_holder_type_side_key'

/** Every column but the file itself, which no answer carries. */
const METADATA = { content: true } as const

type MetadataRow = Omit<Prisma.DocumentGetPayload<object>, 'content'>

const toRecord = (row: MetadataRow): DocumentRecord => ({
  ...row,
  side: row.side ?? undefined,
  documentNumber: row.documentNumber ?? undefined,
  issuingAuthority: row.issuingAuthority ?? undefined,
})

/** The columns an upload writes (a replacement writes them over the stored ones). */
export function uploadColumns(upload: DocumentUploadInput) {
  return {
    documentType: upload.documentType,
    side: upload.side ?? null,
    country: upload.country,
    documentNumber: upload.documentNumber ?? null,
    issuingAuthority: upload.issuingAuthority ?? null,
    fileName: upload.fileName,
    contentType: upload.contentType,
    sizeBytes: upload.content.byteLength,
    content: new Uint8Array(upload.content),
  }
}

export interface NewDocument {
  id: string
  tenant: Tenant
  customerId: string
  upload: DocumentUploadInput
  now: Date
}

export async function insertDocument(tx: Tx, { id, tenant, customerId, upload, now }: NewDocument): Promise<DocumentRecord> {
  const row = await open(tx).document.create({
    data: { id, ...tenant, customerId, holderId: upload.documentHolder, ...uploadColumns(upload), createdAt: now, updatedAt: now },
    omit: METADATA,
  })
  return toRecord(row)
}

export async function replaceDocumentFile(tx: Tx, id: string, upload: DocumentUploadInput, now: Date): Promise<DocumentRecord> {
  const row = await open(tx).document.update({ where: { id }, data: { ...uploadColumns(upload), updatedAt: now }, omit: METADATA })
  return toRecord(row)
}

export async function findDocument(db: Db | Tx, tenant: Tenant, id: string): Promise<DocumentRecord | undefined> {
  const row = await open(db).document.findFirst({ where: { id, ...tenant }, omit: METADATA })
  return row ? toRecord(row) : undefined
}

/** One document of a customer with its file, for an operator reviewing the customer's verification. */
export async function findCustomerDocumentFile(db: Db, customerId: string, id: string): Promise<{ document: DocumentRecord; content: Uint8Array } | undefined> {
  const row = await open(db).document.findFirst({ where: { id, customerId } })
  if (!row) return undefined
  const { content, ...metadata } = row
  return { document: toRecord(metadata), content }
}

/** The holder's document of this type and side, if any. */
export async function findHeldDocument(db: Db | Tx, holderId: string, documentType: string, side?: string): Promise<DocumentRecord | undefined> {
  const row = await open(db).document.findFirst({ where: { holderId, documentType, side: side ?? null }, omit: METADATA })
  return row ? toRecord(row) : undefined
}

export async function documentsOfCustomer(db: Db | Tx, customerId: string): Promise<DocumentRecord[]> {
  const rows = await open(db).document.findMany({ where: { customerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], omit: METADATA })
  return rows.map(toRecord)
}

export async function findDocumentPage(
  db: Db,
  tenant: Tenant,
  holderId: string | undefined,
  after: KeysetPosition | undefined,
  take: number,
): Promise<DocumentRecord[]> {
  const afterPosition = after && {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  }
  const rows = await open(db).document.findMany({
    where: { ...tenant, holderId, ...afterPosition },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    omit: METADATA,
  })
  return rows.map(toRecord)
}

export const countDocuments = (db: Db, tenant: Tenant, holderId: string | undefined): Promise<number> =>
  open(db).document.count({ where: { ...tenant, holderId } })

export async function deleteDocumentRow(tx: Tx, id: string): Promise<void> {
  await open(tx).document.delete({ where: { id } })
}
