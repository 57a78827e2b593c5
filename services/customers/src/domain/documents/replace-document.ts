import { ApiError } from '@pp/errors'
import { inTransaction, violatedUniqueIndex } from '@pp/db'
import { DOCUMENT_HOLDER_TYPE_SIDE_INDEX, findDocument, replaceDocumentFile } from '../../db/documents.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { documentExists, reviewUpload } from './upload-document.js'
import type { DocumentUploadInput, DocumentView } from './types.js'
import { toDocumentView } from './view.js'

export const documentNotFound = (documentId: string) => new ApiError('NOT_FOUND', `Document ${documentId} not found`)

/** PUT /documents/{id}: a new file and details for the same holder, under the same id. */
export async function replaceDocument(
  deps: CustomersDeps,
  caller: Caller,
  documentId: string,
  upload: Omit<DocumentUploadInput, 'documentHolder'>,
): Promise<DocumentView> {
  const current = await findDocument(deps.db, tenantOf(caller), documentId)
  if (!current) throw documentNotFound(documentId)
  const replacement = reviewUpload(deps, caller, { ...upload, documentHolder: current.holderId })
  try {
    return toDocumentView(await inTransaction(deps.db, (tx) => replaceDocumentFile(tx, current.id, replacement, deps.now())))
  } catch (err) {
    // a new type or side the holder already has
    if (violatedUniqueIndex(err) === DOCUMENT_HOLDER_TYPE_SIDE_INDEX) throw documentExists(replacement)
    throw err
  }
}
