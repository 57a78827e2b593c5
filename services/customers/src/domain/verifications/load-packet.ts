import type { Db, Tx } from '../../db/client.js'
import { ownersOfCustomer } from '../../db/beneficial-owners.db.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { documentsOfCustomer } from '../../db/documents.db.js'
import type { VerificationPacket } from './packet.js'

export async function loadPacket(db: Db | Tx, customer: CustomerRecord): Promise<VerificationPacket> {
  const [owners, documents] = await Promise.all([ownersOfCustomer(db, customer.id), documentsOfCustomer(db, customer.id)])
  return { customer, owners, documents }
}
