import type { KeysetPosition } from '@pp/paging'
import type { OperatorAction } from '../domain/audit/types.js'
import { open, type PlatformDb } from './client.js'

export const insertOperatorAction = (db: PlatformDb, action: OperatorAction): Promise<OperatorAction> => open(db).operatorAction.create({ data: action })

/** Newest first, after `before` (the last entry of the previous page), and how many entries the log holds. */
export async function listOperatorActionsBefore(db: PlatformDb, before: KeysetPosition | undefined, take: number): Promise<{ rows: OperatorAction[]; totalCount: number }> {
  const client = open(db)
  const [rows, totalCount] = await client.$transaction([
    client.operatorAction.findMany({
      where: before ? { OR: [{ recordedAt: { lt: before.createdAt } }, { recordedAt: before.createdAt, id: { lt: before.id } }] } : {},
      orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
      take,
    }),
    client.operatorAction.count(),
  ])
  return { rows, totalCount }
}
