import { join } from 'node:path'
import type { Caller } from '@pp/tenancy'
import { expect } from 'vitest'
import { open, type AgentsDb } from '../src/db/client.js'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')
export const SCHEMA_PATH = join(import.meta.dirname, '../prisma/schema.prisma')

/** A sandbox caller of a platform: this service keeps no platforms, only their ids on its rows. */
export const sandbox = (platformId: string): Caller => ({ platformId, environment: 'SANDBOX', requestId: 'test' })

/** Awaits a rejected call and checks the API error it carried (its code, and its reason when given). */
export async function expectApiError(call: Promise<unknown>, code: string, reason?: string | RegExp): Promise<void> {
  await expect(call).rejects.toMatchObject({ code, ...(reason !== undefined && { message: expect.stringMatching(reason) }) })
}

/** The outbox rows of one event type, oldest first. */
export async function outboxEvents(db: AgentsDb, type: string): Promise<{ platformId: string; environment: string; data: any }[]> {
  const rows = await open(db).outboxEvent.findMany({ where: { subject: `events.agents.${type}` }, orderBy: { createdAt: 'asc' } })
  return rows.map((r) => r.payload as { platformId: string; environment: string; data: any })
}
