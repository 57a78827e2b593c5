import type { DocumentRecord, DocumentView } from './types.js'

/**
 * The document as the API shows it: its details, never its file. Its type and side are kept as text,
 * checked against the contract's values when written.
 */
export const toDocumentView = (record: DocumentRecord): DocumentView => ({
  id: record.id,
  documentHolder: record.holderId,
  documentType: record.documentType as DocumentView['documentType'],
  side: record.side as DocumentView['side'],
  country: record.country,
  documentNumber: record.documentNumber,
  issuingAuthority: record.issuingAuthority,
  fileName: record.fileName,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
})
