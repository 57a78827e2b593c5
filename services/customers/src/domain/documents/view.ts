import type { DocumentRecord, DocumentView } from './types.js'

/** The document as the API shows it: its details, never its file. */
export const toDocumentView = (record: DocumentRecord): DocumentView => ({
  id: record.id,
  documentHolder: record.holderId,
  documentType: record.documentType,
  side: record.side,
  country: record.country,
  documentNumber: record.documentNumber,
  issuingAuthority: record.issuingAuthority,
  fileName: record.fileName,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
})
