import type { Document } from '@pp/contracts'

/** A document's details without its file. */
export interface DocumentRecord {
  id: string
  platformId: string
  environment: string
  customerId: string
  holderId: string
  documentType: string
  side?: string
  country: string
  documentNumber?: string
  issuingAuthority?: string
  fileName: string
  contentType: string
  sizeBytes: number
  createdAt: Date
  updatedAt: Date
}

/** A file with its details, as uploaded. */
export interface DocumentUploadInput {
  documentHolder: string
  documentType: string
  side?: string
  country: string
  documentNumber?: string
  issuingAuthority?: string
  fileName: string
  contentType: string
  content: Uint8Array
}

export type DocumentView = Document
