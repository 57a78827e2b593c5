import type { InvitationRecord } from '../domain/invitations/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { UmaInvitation } from './generated/client.js'

const toRecord = (row: UmaInvitation): InvitationRecord => ({
  code: row.code,
  inviterUma: row.inviterUma,
  inviteeUma: row.inviteeUma ?? undefined,
  firstName: row.firstName ?? undefined,
  amountToSend: row.amountToSend === null ? undefined : { amount: row.amountToSend, currency: row.amountCurrency! },
  url: row.url,
  status: row.status as InvitationRecord['status'],
  expiresAt: row.expiresAt ?? undefined,
  claimedAt: row.claimedAt ?? undefined,
  createdAt: row.createdAt,
})

export async function insertInvitation(db: Db, tenant: Tenant, record: InvitationRecord): Promise<void> {
  await open(db).umaInvitation.create({
    data: {
      ...tenant,
      code: record.code,
      inviterUma: record.inviterUma,
      firstName: record.firstName,
      amountToSend: record.amountToSend?.amount,
      amountCurrency: record.amountToSend?.currency,
      url: record.url,
      status: record.status,
      expiresAt: record.expiresAt,
      createdAt: record.createdAt,
    },
  })
}

export async function findInvitation(db: Db | Tx, tenant: Tenant, code: string): Promise<InvitationRecord | undefined> {
  const row = await open(db).umaInvitation.findFirst({ where: { code, ...tenant } })
  return row ? toRecord(row) : undefined
}

/**
 * PENDING → CLAIMED (or CANCELLED) as one conditional UPDATE: of concurrent calls exactly one
 * finds the row still PENDING and unexpired; the others change nothing and get undefined.
 */
export async function settleInvitation(
  tx: Tx,
  tenant: Tenant,
  code: string,
  change: { status: 'CLAIMED'; inviteeUma: string } | { status: 'CANCELLED' },
  now: Date,
): Promise<InvitationRecord | undefined> {
  const claimed = change.status === 'CLAIMED' ? { inviteeUma: change.inviteeUma, claimedAt: now } : {}
  const { count } = await open(tx).umaInvitation.updateMany({
    where: { code, ...tenant, status: 'PENDING', OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    data: { status: change.status, ...claimed },
  })
  return count === 1 ? findInvitation(tx, tenant, code) : undefined
}

/** The currencies of the tenant's active customer at an UMA address, or undefined when none has it. */
export async function findInviterCurrencies(db: Db, tenant: Tenant, umaAddress: string): Promise<string[] | undefined> {
  const row = await open(db).customer.findFirst({ where: { ...tenant, umaAddress, deletedAt: null }, select: { currencies: true } })
  return row?.currencies
}
