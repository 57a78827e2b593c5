import { invalidInput, type FieldError } from '@pp/errors'
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_SIDES,
  DOCUMENT_SIZE_MAX_BYTES,
  DOCUMENT_TYPES,
} from './document-types.js'
import type { DocumentUploadInput } from './types.js'

const COUNTRY_CODE = /^[A-Z]{2}$/
const FILE_NAME_LENGTH_MAX = 255

/** The first bytes of each accepted file type: a file is what it starts with, not what it claims. */
const SIGNATURES: Record<(typeof DOCUMENT_CONTENT_TYPES)[number], number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
}

/** Clients that do not know a file's type send this, or nothing; the content then decides. */
const UNDECLARED_TYPES = ['', 'application/octet-stream']

const detectContentType = (content: Uint8Array): string | undefined =>
  Object.entries(SIGNATURES).find(([, signature]) => signature.every((byte, i) => content[i] === byte))?.[0]

/**
 * The file and its details: a known document type and side, an ISO country, a PDF, JPEG or PNG
 * of at most 10 MB whose content matches its declared type. Returns the upload with the type its
 * content shows. The holder is checked by the use case.
 */
export function assertValidUpload(upload: DocumentUploadInput): DocumentUploadInput {
  const errors: FieldError[] = []
  if (!(DOCUMENT_TYPES as readonly string[]).includes(upload.documentType)) {
    errors.push({ field: 'documentType', message: 'unknown document type', constraint: { enum: [...DOCUMENT_TYPES] } })
  }
  if (upload.side !== undefined && !(DOCUMENT_SIDES as readonly string[]).includes(upload.side)) {
    errors.push({ field: 'side', message: 'FRONT or BACK', constraint: { enum: [...DOCUMENT_SIDES] } })
  }
  if (!COUNTRY_CODE.test(upload.country)) {
    errors.push({ field: 'country', message: 'must be an ISO 3166-1 alpha-2 code', constraint: { format: 'iso3166-1-alpha-2' } })
  }
  if (!upload.fileName || upload.fileName.length > FILE_NAME_LENGTH_MAX) {
    errors.push({ field: 'file', message: 'needs a file name', constraint: { maxLength: FILE_NAME_LENGTH_MAX } })
  }
  const detected = detectContentType(upload.content)
  errors.push(...fileErrors(upload, detected))
  if (errors.length > 0) throw invalidInput(errors)
  return { ...upload, contentType: detected! }
}

function fileErrors({ contentType, content }: DocumentUploadInput, detected: string | undefined): FieldError[] {
  if (content.byteLength === 0 || content.byteLength > DOCUMENT_SIZE_MAX_BYTES) {
    return [{ field: 'file', message: `must hold 1 byte to ${DOCUMENT_SIZE_MAX_BYTES} bytes` }]
  }
  if (!UNDECLARED_TYPES.includes(contentType) && !(contentType in SIGNATURES)) {
    return [{ field: 'file', message: 'must be a PDF, JPEG or PNG file', constraint: { enum: [...DOCUMENT_CONTENT_TYPES] } }]
  }
  if (!detected) return [{ field: 'file', message: 'the content is not a PDF, JPEG or PNG file' }]
  return UNDECLARED_TYPES.includes(contentType) || contentType === detected ? [] : [{ field: 'file', message: `the content is not a ${contentType} file` }]
}
