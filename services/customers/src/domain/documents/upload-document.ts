import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction, violatedUniqueIndex } from '@pp/db'
import { DOCUMENT_HOLDER_TYPE_SIDE_INDEX, findHeldDocument, insertDocument, replaceDocumentFile } from '../../db/documents.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertValidUpload } from './document-rules.js'
import { customerOfHolder } from './resolve-holder.js'
import type { DocumentUploadInput, DocumentView } from './types.js'
import { toDocumentView } from './view.js'

export const documentExists = (upload: Pick<DocumentUploadInput, 'documentType' | 'side'>) =>
  new ApiError('DOCUMENT_ALREADY_EXISTS', `The holder already has a ${upload.documentType} document${upload.side ? ` (${upload.side})` : ''}; replace it with PUT`)

/**
 * The file checked, then reviewed by the verification provider (in sandbox, a rejection trigger in
 * its name); returns it with the content type its bytes show.
 */
export function reviewUpload(deps: CustomersDeps, caller: Caller, upload: DocumentUploadInput): DocumentUploadInput {
  const valid = assertValidUpload(upload)
  const rejection = deps.verification[caller.environment].reviewDocument(valid.fileName)
  if (rejection) throw new ApiError(rejection, `The document was rejected: ${rejection}`, { documentType: valid.documentType })
  return valid
}

/**
 * Stores a document of a customer or beneficial owner. With `isReplacing` (the hosted flow, where
 * uploading again means "use this one instead") a held document of that type and side is
 * replaced; otherwise it is DOCUMENT_ALREADY_EXISTS, as the spec asks of POST /documents.
 */
export async function uploadDocument(
  deps: CustomersDeps,
  caller: Caller,
  upload: DocumentUploadInput,
  isReplacing = false,
): Promise<DocumentView> {
  const reviewed = reviewUpload(deps, caller, upload)
  const tenant = tenantOf(caller)
  try {
    return await inTransaction(deps.db, async (tx) => {
      const customerId = await customerOfHolder(tx, tenant, reviewed.documentHolder)
      const now = deps.now()
      const held = await findHeldDocument(tx, reviewed.documentHolder, reviewed.documentType, reviewed.side)
      if (held && !isReplacing) throw documentExists(reviewed)
      const record = held
        ? await replaceDocumentFile(tx, held.id, reviewed, now)
        : await insertDocument(tx, { id: newId('Document'), tenant, customerId, upload: reviewed, now })
      return toDocumentView(record)
    })
  } catch (err) {
    // two uploads racing for the same holder, type and side: the loser is told like any later one
    if (violatedUniqueIndex(err) === DOCUMENT_HOLDER_TYPE_SIDE_INDEX) throw documentExists(upload)
    throw err
  }
}
