import type { ConsentToRecord } from '../domain/consents/consent-rules.js'
import type { Tenant } from '../domain/types.js'
import { open, type Tx } from './client.js'

/** Appends acceptances; earlier ones stay on file, the view shows the latest per type. */
export async function insertConsents(
  tx: Tx,
  tenant: Tenant,
  customerId: string,
  consents: ConsentToRecord[],
  recordedAt: Date,
): Promise<void> {
  if (consents.length === 0) return
  await open(tx).agreementConsent.createMany({
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
