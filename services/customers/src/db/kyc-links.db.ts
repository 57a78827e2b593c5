import type { KycLinkRow } from '../domain/kyc-links/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

export interface NewKycLink {
  id: string
  tenant: Tenant
  customerId: string
  tokenHash: string
  provider: string
  redirectUri?: string
  expiresAt: Date
  createdAt: Date
}

export async function insertKycLink(tx: Tx, { tenant, redirectUri, ...link }: NewKycLink): Promise<void> {
  await open(tx).kycLink.create({ data: { ...link, ...tenant, redirectUri: redirectUri ?? null } })
}

export async function findKycLinkByHash(db: Db, tokenHash: string): Promise<KycLinkRow | undefined> {
  return (await open(db).kycLink.findUnique({ where: { tokenHash } })) ?? undefined
}

/** The link under a row lock: completing it twice at once must use it once. */
export async function lockKycLink(tx: Tx, id: string): Promise<KycLinkRow | undefined> {
  await open(tx).$queryRaw`SELECT id FROM kyc_links WHERE id = ${id} FOR UPDATE`
  return (await open(tx).kycLink.findUnique({ where: { id } })) ?? undefined
}

export async function markKycLinkUsed(tx: Tx, id: string, usedAt: Date): Promise<void> {
  await open(tx).kycLink.update({ where: { id }, data: { usedAt } })
}
