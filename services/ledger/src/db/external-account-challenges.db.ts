import type { ChallengePurpose, ChallengeRecord } from '../domain/external-accounts/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Tx } from './client.js'

export type NewChallenge = Omit<ChallengeRecord, 'resolvedAt'>

/** Records a challenge and retires any earlier unresolved one of the same account and purpose. */
export async function replaceChallenge(tx: Tx, challenge: NewChallenge): Promise<void> {
  await open(tx).externalAccountChallenge.updateMany({
    where: { externalAccountId: challenge.externalAccountId, purpose: challenge.purpose, resolvedAt: null },
    data: { resolvedAt: challenge.createdAt },
  })
  await open(tx).externalAccountChallenge.create({ data: challenge })
}

/** The latest unresolved challenge of an account for `purpose`; the caller holds the account's lock. */
export async function findOpenChallenge(tx: Tx, externalAccountId: string, purpose: ChallengePurpose): Promise<ChallengeRecord | undefined> {
  const row = await open(tx).externalAccountChallenge.findFirst({
    where: { externalAccountId, purpose, resolvedAt: null },
    orderBy: { createdAt: 'desc' },
  })
  return row ? { ...row, environment: row.environment as Tenant['environment'] } : undefined
}

export async function resolveChallenge(tx: Tx, id: string, at: Date): Promise<void> {
  await open(tx).externalAccountChallenge.update({ where: { id }, data: { resolvedAt: at } })
}
