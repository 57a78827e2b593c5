import { findDocument } from '../../db/documents.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { documentNotFound } from './replace-document.js'
import type { DocumentView } from './types.js'
import { toDocumentView } from './view.js'

export async function getDocument(deps: CustomersDeps, caller: Caller, documentId: string): Promise<DocumentView> {
  const document = await findDocument(deps.db, tenantOf(caller), documentId)
  if (!document) throw documentNotFound(documentId)
  return toDocumentView(document)
}
