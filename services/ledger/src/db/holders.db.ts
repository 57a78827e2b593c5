import type { HolderSnapshot } from '../domain/provisioning/holder.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

/**
 * Keeps the newest snapshot of a customer: a redelivered older event (by the customer's
 * updatedAt) leaves the stored one as it is.
 */
export async function saveHolder(tx: Tx, tenant: Tenant, holder: HolderSnapshot): Promise<void> {
  await open(tx).$executeRaw`
    INSERT INTO account_holders (platform_id, environment, customer_id, platform_customer_id, customer_type,
                                 verification_status, is_terms_accepted, is_deleted, customer_updated_at)
    VALUES (${tenant.platformId}, ${tenant.environment}, ${holder.customerId}, ${holder.platformCustomerId ?? null},
            ${holder.customerType}, ${holder.verificationStatus ?? null}, ${holder.isTermsAccepted}, ${holder.isDeleted},
            ${holder.updatedAt})
    ON CONFLICT (platform_id, environment, customer_id) DO UPDATE
       SET platform_customer_id = EXCLUDED.platform_customer_id, customer_type = EXCLUDED.customer_type,
           verification_status = EXCLUDED.verification_status, is_terms_accepted = EXCLUDED.is_terms_accepted,
           is_deleted = EXCLUDED.is_deleted, customer_updated_at = EXCLUDED.customer_updated_at
     WHERE account_holders.customer_updated_at <= EXCLUDED.customer_updated_at`
}

export async function findHolder(db: Db | Tx, tenant: Tenant, customerId: string): Promise<HolderSnapshot | undefined> {
  const row = await open(db).accountHolder.findUnique({ where: { platformId_environment_customerId: { ...tenant, customerId } } })
  if (!row) return undefined
  return {
    customerId: row.customerId,
    platformCustomerId: row.platformCustomerId ?? undefined,
    customerType: row.customerType,
    verificationStatus: row.verificationStatus ?? undefined,
    isTermsAccepted: row.isTermsAccepted,
    isDeleted: row.isDeleted,
    updatedAt: row.customerUpdatedAt,
  }
}
