import type { DocumentType } from '@pp/vocabulary'

export { DOCUMENT_TYPES, type DocumentType } from '@pp/vocabulary'

export const DOCUMENT_SIDES = ['FRONT', 'BACK'] as const

/** The document categories a packet needs, with the types that satisfy each (the reference's table). */
export const DOCUMENT_CATEGORIES = {
  IDENTITY: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'],
  LEGAL_PRESENCE: ['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT'],
  OWNERSHIP_STRUCTURE: ['SHAREHOLDER_REGISTER', 'TRUST_AGREEMENT', 'PARTNERSHIP_AGREEMENT'],
  PROOF_OF_ADDRESS: ['PROOF_OF_ADDRESS', 'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT', 'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN'],
} as const satisfies Record<string, readonly DocumentType[]>

export type DocumentCategory = keyof typeof DOCUMENT_CATEGORIES

/** Supported files (the reference: PDF, JPEG, PNG, at most 10 MB). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export const DOCUMENT_SIZE_MAX_BYTES = 10 * 1024 * 1024
