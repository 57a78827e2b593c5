import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { lockCustomer } from '../../db/customers.db.js'
import { deleteDocumentRow, findDocument } from '../../db/documents.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { documentNotFound } from './replace-document.js'

/**
 * Removes a document unless it backs a verification under review or decided in the customer's
 * favour (409 CONFLICT): those documents are the record of what was verified.
 */
export async function deleteDocument(deps: CustomersDeps, caller: Caller, documentId: string): Promise<void> {
  const tenant = tenantOf(caller)
  await inTransaction(deps.db, async (tx) => {
    const document = await findDocument(tx, tenant, documentId)
    if (!document) throw documentNotFound(documentId)
    const customer = await lockCustomer(tx, tenant, document.customerId)
    if (customer?.verificationStatus === 'PENDING' || customer?.verificationStatus === 'APPROVED') {
      throw new ApiError('CONFLICT', `Document ${documentId} has been submitted for verification and cannot be deleted`)
    }
    await deleteDocumentRow(tx, document.id)
  })
}
