import type { ContactProof } from '../domain/contact-verification/status.js'
import type { ContactRow } from '../domain/contact-verification/types.js'
import type { Tenant } from '../domain/types.js'
import type { ContactChannel } from '../domain/verification/contact-channels.js'
import { open, type Db, type Tx } from './client.js'

/** The confirmed address or number per channel of each customer. */
export async function contactProofs(db: Db | Tx, customerIds: string[]): Promise<Map<string, ContactProof[]>> {
  const byCustomer = new Map<string, ContactProof[]>()
  if (customerIds.length === 0) return byCustomer
  const rows = await open(db).contactVerification.findMany({
    where: { customerId: { in: customerIds } },
    select: { customerId: true, channel: true, verifiedContact: true },
  })
  for (const row of rows) {
    const proofs = byCustomer.get(row.customerId) ?? []
    proofs.push({ channel: row.channel as ContactChannel, verifiedContact: row.verifiedContact })
    byCustomer.set(row.customerId, proofs)
  }
  return byCustomer
}

/** The channel's row under a lock, so two confirmations cannot both use one code. */
export async function lockContactChannel(tx: Tx, customerId: string, channel: ContactChannel): Promise<ContactRow | undefined> {
  const rows = await open(tx).$queryRaw<Array<{ customer_id: string }>>`
    SELECT customer_id FROM contact_verifications WHERE customer_id = ${customerId} AND channel = ${channel} FOR UPDATE`
  if (rows.length === 0) return undefined
  return (await open(tx).contactVerification.findUnique({ where: { customerId_channel: { customerId, channel } } })) ?? undefined
}

/** The channel's row under a lock, made first when the channel has none, for a send's read-modify-write. */
export async function lockOrCreateContactChannel(tx: Tx, tenant: Tenant, customerId: string, channel: ContactChannel, now: Date): Promise<ContactRow> {
  await open(tx).$executeRaw`
    INSERT INTO contact_verifications (customer_id, channel, platform_id, environment, updated_at)
    VALUES (${customerId}, ${channel}, ${tenant.platformId}, ${tenant.environment}, ${now})
    ON CONFLICT (customer_id, channel) DO NOTHING`
  return (await lockContactChannel(tx, customerId, channel))!
}

/** What a send counts toward: its window (an hour from the first send), the codes sent and the wrong codes in it. */
export interface SendCount {
  windowStartedAt: Date
  codesSent: number
  failedAttempts: number
}

/** A code sent: where to, its HMAC and expiry, and what the send counts toward. */
export interface IssuedCode extends SendCount {
  sentTo: string
  codeHash: string
  codeExpiresAt: Date
}

/** A new code replaces any earlier one for the channel; the counts are the send's. */
export async function storeIssuedCode(tx: Tx, row: ContactRow, code: IssuedCode, now: Date): Promise<void> {
  await open(tx).contactVerification.update({
    where: { customerId_channel: { customerId: row.customerId, channel: row.channel } },
    data: { ...code, lastSentAt: now, updatedAt: now },
  })
}

export async function markContactVerified(tx: Tx, row: ContactRow, now: Date): Promise<void> {
  await open(tx).contactVerification.update({
    where: { customerId_channel: { customerId: row.customerId, channel: row.channel } },
    data: { verifiedContact: row.sentTo, verifiedAt: now, codeHash: null, codeExpiresAt: null, failedAttempts: 0, updatedAt: now },
  })
}

export async function recordFailedAttempt(db: Db | Tx, row: ContactRow, now: Date): Promise<void> {
  await open(db).contactVerification.update({
    where: { customerId_channel: { customerId: row.customerId, channel: row.channel } },
    data: { failedAttempts: { increment: 1 }, updatedAt: now },
  })
}
