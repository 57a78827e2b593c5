import type { ConsentToRecord } from '../domain/consents/consent-rules.js'
import type { AcceptanceMethod, ConsentView, Tenant } from '../domain/types.js'
import type { Db, Tx } from './client.js'

/** Appends acceptances; earlier ones stay on file, the view shows the latest per type. */
export async function insertConsents(
  tx: Tx,
  tenant: Tenant,
  customerId: string,
  consents: ConsentToRecord[],
  recordedAt: Date,
): Promise<void> {
  if (consents.length === 0) return
  await tx.agreementConsent.createMany({
    data: consents.map((consent) => ({
      customerId,
      ...tenant,
      agreementType: consent.type,
      termsVersion: consent.termsVersion,
      acceptedAt: consent.acceptedAt,
      ipAddress: consent.ipAddress,
      acceptanceMethod: consent.acceptanceMethod,
      recordedAt,
    })),
  })
}

interface LatestConsentRow {
  customer_id: string
  agreement_type: string
  terms_version: string
  accepted_at: Date
  ip_address: string
  acceptance_method: AcceptanceMethod
}

/**
 * The most recent acceptance of each agreement type for each customer, ordered by type. "Most
 * recent" is by acceptance time; of two acceptances at the same instant the later recorded wins.
 */
export async function latestConsents(db: Db | Tx, customerIds: string[]): Promise<Map<string, ConsentView[]>> {
  const byCustomer = new Map<string, ConsentView[]>(customerIds.map((id) => [id, []]))
  if (customerIds.length === 0) return byCustomer
  const rows = await db.$queryRaw<LatestConsentRow[]>`
    SELECT DISTINCT ON (customer_id, agreement_type)
           customer_id, agreement_type, terms_version, accepted_at, ip_address, acceptance_method::text AS acceptance_method
      FROM agreement_consents
     WHERE customer_id = ANY(${customerIds})
     ORDER BY customer_id, agreement_type, accepted_at DESC, id DESC`
  for (const row of rows) {
    byCustomer.get(row.customer_id)?.push({
      type: row.agreement_type,
      acceptedAt: row.accepted_at.toISOString(),
      ipAddress: row.ip_address,
      termsVersion: row.terms_version,
      acceptanceMethod: row.acceptance_method,
    })
  }
  return byCustomer
}
