import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findViolations } from '../../scripts/layering.js'

/** A repository of two services and a gateway that keeps every rule. */
const clean: Record<string, string> = {
  'services/alpha/package.json': JSON.stringify({ name: '@fixture/alpha', type: 'module' }),
  'services/alpha/src/db/generated/client.ts': `
    export interface CustomerRow { id: string; deletedAt: Date | null }
    export class PrismaClient {
      customer = { findMany: async (): Promise<CustomerRow[]> => [] }
      $transaction<T>(work: (tx: PrismaClient) => Promise<T>): Promise<T> { return work(this) }
    }
    export namespace Prisma { export type TransactionClient = PrismaClient }`,
  'services/alpha/src/db/client.ts': `
    import type { PrismaClient, Prisma } from './generated/client.js'
    export type Db = PrismaClient
    export type Tx = Prisma.TransactionClient
    declare const handle: unique symbol
    export interface Handle { readonly [handle]: 'alpha' }
    export const open: (db: Handle) => Tx = (db) => db as unknown as Tx`,
  'services/alpha/src/db/customers.db.ts': `
    import type { Customer } from '../domain/types.js'
    import type { Tx } from './client.js'
    export async function findCustomers(tx: Tx): Promise<Customer[]> {
      return (await tx.customer.findMany()).map((row) => ({ id: row.id, isDeleted: row.deletedAt !== null }))
    }`,
  'services/alpha/src/domain/types.ts': `
    export interface Customer { id: string; isDeleted: boolean }
    export const isActive = (customer: Customer): boolean => !customer.isDeleted`,
  'services/alpha/src/domain/list-customers.ts': `
    import { findCustomers } from '../db/customers.db.js'
    import { isActive, type Customer } from './types.js'
    export const listCustomers = async (tx: Parameters<typeof findCustomers>[0]): Promise<Customer[]> => (await findCustomers(tx)).filter(isActive)`,
  'services/alpha/src/domain/deps.ts': `
    import type { Handle } from '../db/client.js'
    export interface Notifier { notify(customerId: string): Promise<void> }
    export interface Deps { db: Handle; notifier: Notifier }`,
  'services/alpha/src/domain/list-customers.test.ts': `
    import type { CustomerRow } from '../db/generated/client.js'
    export const row: CustomerRow = { id: 'c', deletedAt: null }`,
  'services/alpha/src/providers/notifier/sandbox-notifier.ts': `
    import type { Notifier } from '../../domain/deps.js'
    export const sandboxNotifier: Notifier = { notify: async () => undefined }`,
  'services/alpha/src/domain/notify.ts': `
    import type { sandboxNotifier } from '../providers/notifier/sandbox-notifier.js'
    import type { Deps } from './deps.js'
    export type Sandbox = typeof sandboxNotifier
    export const notify = (deps: Deps, customerId: string): Promise<void> => deps.notifier.notify(customerId)`,
  'services/alpha/src/rpc/server.ts': `
    export { listCustomers } from '../domain/list-customers.js'`,
  'services/beta/package.json': JSON.stringify({ name: '@fixture/beta', type: 'module' }),
  'services/beta/src/main.ts': `export const started = true`,
  'gateway/package.json': JSON.stringify({ name: '@fixture/gateway', type: 'module' }),
  'gateway/src/app.ts': `export const app = 'gateway'`,
}

/** One violation of each rule, planted in the clean tree: the files it adds or replaces. */
const planted: Array<{ rule: string; file: string; files: Record<string, string> }> = [
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/audit.ts',
    files: { 'services/alpha/src/domain/audit.ts': `import type { CustomerRow } from '../db/generated/client.js'\nexport type Audited = CustomerRow` },
  },
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/unit-of-work.ts',
    files: { 'services/alpha/src/domain/unit-of-work.ts': `import type { Tx } from '../db/client.js'\nexport interface UnitOfWork { tx: Tx }` },
  },
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/namespaced.ts',
    files: { 'services/alpha/src/domain/namespaced.ts': `import * as db from '../db/client.js'\nexport interface UnitOfWork { db: db.Db }` },
  },
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/opened.ts',
    files: { 'services/alpha/src/domain/opened.ts': `import { open, type Handle } from '../db/client.js'\nexport const clientOf = (db: Handle) => open(db)` },
  },
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/raw-customers.ts',
    files: {
      'services/alpha/src/db/raw-customers.db.ts': `
        import type { Tx } from './client.js'
        export const findRawCustomers = (tx: Tx) => tx.customer.findMany()`,
      'services/alpha/src/domain/raw-customers.ts': `
        import { findRawCustomers } from '../db/raw-customers.db.js'
        export const customerIds = async (tx: Parameters<typeof findRawCustomers>[0]): Promise<string[]> => (await findRawCustomers(tx)).map((c) => c.id)`,
    },
  },
  {
    rule: 'domain-prisma',
    file: 'services/alpha/src/domain/live-customer.ts',
    files: {
      'services/alpha/src/db/live-customer.db.ts': `
        import type { Tx } from './client.js'
        import type { CustomerRow } from './generated/client.js'
        export type LiveCustomer = Omit<CustomerRow, 'deletedAt'>
        export async function findLiveCustomer(tx: Tx): Promise<LiveCustomer | undefined> {
          return (await tx.customer.findMany()).find((row) => row.deletedAt === null)
        }`,
      'services/alpha/src/domain/live-customer.ts': `
        import { findLiveCustomer } from '../db/live-customer.db.js'
        export const liveCustomerId = async (tx: Parameters<typeof findLiveCustomer>[0]): Promise<string | undefined> => (await findLiveCustomer(tx))?.id`,
    },
  },
  {
    rule: 'domain-imports',
    file: 'services/alpha/src/domain/transport.ts',
    files: { 'services/alpha/src/domain/transport.ts': `import type { Server } from '@grpc/grpc-js'\nexport type Transport = Server` },
  },
  {
    rule: 'domain-adapters',
    file: 'services/alpha/src/domain/notify-now.ts',
    files: {
      'services/alpha/src/domain/notify-now.ts': `
        import { sandboxNotifier } from '../providers/notifier/sandbox-notifier.js'
        export const notifyNow = (customerId: string): Promise<void> => sandboxNotifier.notify(customerId)`,
    },
  },
  {
    rule: 'domain-queries',
    file: 'services/alpha/src/domain/count-customers.ts',
    files: {
      'services/alpha/src/domain/count-customers.ts': `
        import { findCustomers } from '../db/customers.db.js'
        export const countCustomers = async (tx: Parameters<typeof findCustomers>[0]): Promise<number> => (await tx.customer.findMany()).length`,
    },
  },
  {
    rule: 'db-imports-domain',
    file: 'services/alpha/src/db/customers.db.ts',
    files: {
      'services/alpha/src/db/customers.db.ts': `
        import { isActive, type Customer } from '../domain/types.js'
        import type { Tx } from './client.js'
        export async function findCustomers(tx: Tx): Promise<Customer[]> {
          return (await tx.customer.findMany()).map((row) => ({ id: row.id, isDeleted: row.deletedAt !== null })).filter(isActive)
        }`,
    },
  },
  {
    rule: 'cycle',
    // named by the first of its files: db/customers.db.ts → domain/types.ts → domain/list-customers.ts → back
    file: 'services/alpha/src/db/customers.db.ts',
    files: {
      'services/alpha/src/domain/types.ts': `
        import type { listCustomers } from './list-customers.js'
        export interface Customer { id: string; isDeleted: boolean }
        export type Lister = typeof listCustomers
        export const isActive = (customer: Customer): boolean => !customer.isDeleted`,
    },
  },
  {
    rule: 'cross-service',
    file: 'services/beta/src/main.ts',
    files: { 'services/beta/src/main.ts': `export { isActive } from '../../alpha/src/domain/types.js'` },
  },
  {
    rule: 'cross-service',
    file: 'gateway/src/app.ts',
    files: { 'gateway/src/app.ts': `import { started } from '@fixture/beta'\nexport const app = started` },
  },
]

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('the layering check', () => {
  it('passes a tree that keeps every rule, a domain calling db/, holding a handle, and a test naming Prisma included', () => {
    expect(findViolations(fixture(clean))).toEqual([])
  })

  it.each(planted)('fails on a planted $rule violation, naming the rule and $file', ({ rule, file, files }) => {
    const found = findViolations(fixture({ ...clean, ...files }))
    expect(found).toEqual([expect.objectContaining({ rule, file })])
  })

  it('follows a type alias of db/ to the Prisma type it names', () => {
    const [found] = findViolations(fixture({ ...clean, ...planted[1]!.files }))
    expect(found?.what).toBe("imports Tx from ../db/client.js: Tx → Prisma's TransactionClient")
  })

  it("names the Prisma row a db/ function returns, inferred or under a db/ alias", () => {
    const [inferred] = findViolations(fixture({ ...clean, ...planted[4]!.files }))
    expect(inferred?.what).toBe("imports findRawCustomers from ../db/raw-customers.db.js: returns Prisma's CustomerRow")
    const [aliased] = findViolations(fixture({ ...clean, ...planted[5]!.files }))
    expect(aliased?.what).toBe("imports findLiveCustomer from ../db/live-customer.db.js: returns LiveCustomer → Prisma's CustomerRow")
  })

  it("follows the type of db/'s handle opener to the Prisma client it returns", () => {
    const [found] = findViolations(fixture({ ...clean, ...planted[3]!.files }))
    expect(found?.what).toBe("imports open from ../db/client.js: open → Tx → Prisma's TransactionClient")
  })
})
