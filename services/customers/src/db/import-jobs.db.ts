import type { ImportJobRow, ImportJobStatus, ImportRowError } from '../domain/bulk-import/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Prisma } from './generated/client.js'

export async function insertImportJob(db: Db, job: { id: string; tenant: Tenant; csv: string; total: number; now: Date }): Promise<ImportJobRow> {
  return open(db).customerImportJob.create({
    data: { id: job.id, ...job.tenant, status: 'PENDING', csv: job.csv, total: job.total, createdAt: job.now, updatedAt: job.now },
  })
}

export async function findImportJob(db: Db, tenant: Tenant, id: string): Promise<ImportJobRow | undefined> {
  return (await open(db).customerImportJob.findFirst({ where: { id, ...tenant } })) ?? undefined
}

/**
 * Takes the oldest unfinished job no live worker holds and leases it; SKIP LOCKED lets workers
 * of several replicas claim different jobs at once, and an expired lease lets one resume.
 */
export async function claimImportJob(db: Db, now: Date, leaseUntil: Date): Promise<ImportJobRow | undefined> {
  const rows = await open(db).$queryRaw<Array<{ id: string }>>`
    UPDATE customer_import_jobs SET status = 'PROCESSING', lease_until = ${leaseUntil}, updated_at = ${now}
     WHERE id = (
       SELECT id FROM customer_import_jobs
        WHERE status IN ('PENDING', 'PROCESSING') AND (lease_until IS NULL OR lease_until < ${now})
        ORDER BY created_at
        LIMIT 1
          FOR UPDATE SKIP LOCKED)
    RETURNING id`
  const claimed = rows[0]
  return claimed ? ((await open(db).customerImportJob.findUnique({ where: { id: claimed.id } })) ?? undefined) : undefined
}

export interface ImportProgress {
  status: ImportJobStatus
  processed: number
  successful: number
  failed: number
  errors: ImportRowError[]
  leaseUntil: Date | null
  completedAt: Date | null
  now: Date
}

export async function saveImportProgress(tx: Tx, id: string, progress: ImportProgress): Promise<ImportJobRow> {
  const { now, errors, ...rest } = progress
  return open(tx).customerImportJob.update({
    where: { id },
    data: { ...rest, errors: errors as unknown as Prisma.InputJsonArray, updatedAt: now },
  })
}
