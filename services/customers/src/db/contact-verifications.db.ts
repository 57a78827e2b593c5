import type { ContactProof } from '../domain/contact-verification/status.js'
import type { Tenant } from '../domain/types.js'
import type { ContactChannel } from '../domain/verification/contact-channels.js'
import type { Db, Tx } from './client.js'
import type { ContactVerification as ContactRow } from './generated/client.js'

/** A customer's verification state of one contact channel, as stored. */
export type { ContactRow }

/** The confirmed address or number per channel of each customer. */
export async function contactProofs(db: Db | Tx, customerIds: string[]): Promise<Map<string, ContactProof[]>> {
  const byCustomer = new Map<string, ContactProof[]>()
  if (customerIds.length === 0) return byCustomer
  const rows = await db.contactVerification.findMany({
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

export interface IssuedCode {
  customerId: string
  channel: ContactChannel
  tenant: Tenant
  sentTo: string
  codeHash: string
  codeExpiresAt: Date
  now: Date
}

/** A new code replaces any earlier one for the channel and resets the failure count. */
export async function storeIssuedCode(tx: Tx, code: IssuedCode): Promise<void> {
  const pending = { sentTo: code.sentTo, codeHash: code.codeHash, codeExpiresAt: code.codeExpiresAt, failedAttempts: 0, updatedAt: code.now }
  await tx.contactVerification.upsert({
    where: { customerId_channel: { customerId: code.customerId, channel: code.channel } },
    create: { customerId: code.customerId, channel: code.channel, ...code.tenant, ...pending },
    update: pending,
  })
}

/** The channel's row under a lock, so two confirmations cannot both use one code. */
export async function lockContactChannel(tx: Tx, customerId: string, channel: ContactChannel): Promise<ContactRow | undefined> {
  const rows = await tx.$queryRaw<Array<{ customer_id: string }>>`
    SELECT customer_id FROM contact_verifications WHERE customer_id = ${customerId} AND channel = ${channel} FOR UPDATE`
  if (rows.length === 0) return undefined
  return (await tx.contactVerification.findUnique({ where: { customerId_channel: { customerId, channel } } })) ?? undefined
}

export async function markContactVerified(tx: Tx, row: ContactRow, now: Date): Promise<void> {
  await tx.contactVerification.update({
    where: { customerId_channel: { customerId: row.customerId, channel: row.channel } },
    data: { verifiedContact: row.sentTo, verifiedAt: now, codeHash: null, codeExpiresAt: null, failedAttempts: 0, updatedAt: now },
  })
}

export async function recordFailedAttempt(db: Db | Tx, row: ContactRow, now: Date): Promise<void> {
  await db.contactVerification.update({
    where: { customerId_channel: { customerId: row.customerId, channel: row.channel } },
    data: { failedAttempts: { increment: 1 }, updatedAt: now },
  })
}
