import { callUnary } from '@pp/grpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processImportBatch } from '../src/domain/bulk-import/process-import.js'
import { startImportWorker } from '../src/workers/import-worker.js'
import { createLogger } from '@pp/logging'
import type { ImportJobAccepted, ImportJobView } from '../src/domain/bulk-import/types.js'
import type { Caller } from '../src/domain/types.js'
import { failure, newTenant, startHarness, type Harness } from './harness.js'
import { fromJson, verificationClients, type VerificationClients } from './verification-helpers.js'
import { waitUntil, type TestDatabase } from '@pp/testing'
import { open } from '../src/db/client.js'

let h: Harness & { database: TestDatabase }
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('bulk_import')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

const header = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,businessLegalName,businessTaxId,businessIncorporatedOn'
const rows = [
  '$ann@uma.example.com,imp-1,INDIVIDUAL,Ann Able,1990-01-01,1 Main St,Austin,TX,78701,US,,,',
  ',imp-2,INDIVIDUAL,"Bee, Bob",1991-02-02,2 Main St,Austin,TX,78701,US,,,',
  ',imp-3,INDIVIDUAL,Cy Cole,not-a-date,3 Main St,Austin,TX,78701,US,,,',
  ',imp-4,BUSINESS,,,4 Main St,Austin,TX,78701,US,Acme Ltd,47-1,2018-03-14',
  ',imp-5,ROBOT,,,,,,,,,,',
]
const csv = [header, ...rows].join('\n')
const settings = { batchRows: 2, leaseMs: 60_000 }

const start = async (ctx: Caller, text: string) =>
  fromJson<ImportJobAccepted>((await callUnary(c.bulk, c.bulk.startCustomerImport, { csv: text }, ctx)).acceptedJson)
const jobOf = async (ctx: Caller, jobId: string) =>
  fromJson<ImportJobView>((await callUnary(c.bulk, c.bulk.getCustomerImportJob, { jobId }, ctx)).jobJson)

async function drain(): Promise<void> {
  while (await processImportBatch(h.deps, settings));
}

describe('bulk import', () => {
  it('imports every valid row, records per-row errors, completes the job and writes BULK_UPLOAD.COMPLETED', async () => {
    const ctx = newTenant()
    const { jobId, status } = await start(ctx, csv)
    expect(status).toBe('PENDING')
    expect(await jobOf(ctx, jobId)).toMatchObject({ status: 'PENDING', progress: { total: 5, processed: 0 }, errors: [] })
    await drain()
    const done = await jobOf(ctx, jobId)
    expect(done).toMatchObject({ status: 'COMPLETED', progress: { total: 5, processed: 5, successful: 3, failed: 2 } })
    expect(done.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/)
    expect(done.errors?.map((e) => [e.correlationId, e.code])).toEqual([['row_3', 'INVALID_INPUT'], ['row_5', 'INVALID_INPUT']])
    expect(done.errors?.[0]!.details).toMatchObject({ errors: [{ field: 'birthDate' }] })
    const created = await open(h.db).customer.findMany({ where: { platformId: ctx.platformId }, orderBy: { platformCustomerId: 'asc' } })
    expect(created.map((r) => [r.platformCustomerId, r.fullName ?? r.customerType])).toEqual([['imp-1', 'Ann Able'], ['imp-2', 'Bee, Bob'], ['imp-4', 'BUSINESS']])
    // the webhook carries the job exactly as the API answers it
    const events = await open(h.db).outboxEvent.findMany({ where: { subject: 'events.customers.BULK_UPLOAD.COMPLETED' } })
    expect(events.map((e) => (e.payload as unknown as { data: ImportJobView }).data)).toContainEqual(done)
  })

  it('creates nothing twice when a batch is redone after a crash', async () => {
    const ctx = newTenant()
    const { jobId } = await start(ctx, csv)
    await processImportBatch(h.deps, settings)
    // the crash: the batch's customers committed, its progress did not, and the lease ran out
    await open(h.db).customerImportJob.update({ where: { id: jobId }, data: { processed: 0, successful: 0, failed: 0, errors: [], leaseUntil: null } })
    await drain()
    expect(await open(h.db).customer.count({ where: { platformId: ctx.platformId } })).toBe(3)
    expect((await jobOf(ctx, jobId)).progress).toEqual({ total: 5, processed: 5, successful: 3, failed: 2 })
  })

  it('fails a job none of whose rows could be imported', async () => {
    const ctx = newTenant()
    const { jobId } = await start(ctx, `${header}\n${rows[4]}`)
    await drain()
    expect((await jobOf(ctx, jobId)).status).toBe('FAILED')
  })

  it('refuses a file without the required columns, and hides other tenants’ jobs', async () => {
    const ctx = newTenant()
    const refused = await failure(start(ctx, 'fullName\nAnn'))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'file.platformCustomerId' }, { field: 'file.customerType' }] } })
    const { jobId } = await start(ctx, header)
    expect((await failure(jobOf(newTenant(), jobId))).code).toBe('BULK_UPLOAD_JOB_NOT_FOUND')
  })

  it('is run by the service’s worker', async () => {
    const ctx = newTenant()
    const worker = startImportWorker(h.deps, { ...settings, databaseUrl: h.database.url }, createLogger('import-test', 'silent'))
    try {
      const { jobId } = await start(ctx, `${header}\n${rows[0]!.replace('imp-1', 'w-1')}`)
      await waitUntil(async () => (await jobOf(ctx, jobId)).status === 'COMPLETED', 'the job to complete')
    } finally {
      await worker.stop()
    }
  })
})
