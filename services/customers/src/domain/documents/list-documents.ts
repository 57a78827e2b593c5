import { countDocuments, findDocumentPage } from '../../db/documents.db.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { DocumentView } from './types.js'
import { toDocumentView } from './view.js'

/** The tenant's documents, or one holder's, newest first. */
export async function listDocuments(
  deps: CustomersDeps,
  caller: Caller,
  input: { documentHolder?: string; limit: number; cursor?: string },
): Promise<Page<DocumentView>> {
  const limit = pageLimit(input.limit)
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
  const tenant = tenantOf(caller)
  const [records, totalCount] = await Promise.all([
    findDocumentPage(deps.db, tenant, input.documentHolder, after, limit + 1),
    countDocuments(deps.db, tenant, input.documentHolder),
  ])
  return keysetPage(records, limit, totalCount, toDocumentView)
}
