import { callUnary } from '@pp/grpc'
import { ListCustomersRequest } from '@pp/proto/customers/v1/customers'
import type { CustomerView } from '../src/domain/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { business, create, failure, individual, newTenant, startHarness, type Harness } from './harness.js'

let h: Harness
const ctx = newTenant()
const created: CustomerView[] = []

beforeAll(async () => {
  h = await startHarness('list')
  for (let i = 0; i < 25; i += 1) {
    const businessInfo = { legalName: `B${i}`, country: 'MX', taxId: `${i}`, incorporatedOn: '2018-03-14' }
    const request = i % 5 === 0
      ? business({ profile: { platformCustomerId: `biz-${i}`, region: 'MX', currencies: ['MXN'], businessInfo } })
      : individual({ platformCustomerId: `ind-${i}`, region: 'US', currencies: i % 2 === 0 ? ['USD', 'USDC'] : ['USD'] })
    created.push(await create(h, ctx, request))
  }
  await create(h, newTenant(), individual({ platformCustomerId: 'other-tenant' }))
})
afterAll(() => h?.stop())

interface Page {
  data: CustomerView[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

const list = (request: Parameters<typeof ListCustomersRequest.fromPartial>[0], caller = ctx) =>
  callUnary(h.client, h.client.listCustomers, ListCustomersRequest.fromPartial(request), caller).then(({ pageJson }) => JSON.parse(pageJson) as Page)

describe('ListCustomers', () => {
  it('walks 25 customers over 3 pages, newest first, without duplicates', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    const pages = []
    do {
      const page = await list({ limit: 10, cursor })
      pages.push(page)
      seen.push(...page.data.map((c) => c.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(pages.map((p) => [p.data.length, p.hasMore, p.totalCount])).toEqual([[10, true, 25], [10, true, 25], [5, false, 25]])
    expect(seen).toEqual(created.map((c) => c.id).reverse())
  })

  it('pages 20 by default and refuses a limit above 100 or a forged cursor', async () => {
    expect((await list({})).data).toHaveLength(20)
    expect((await failure(list({ limit: 101 }))).code).toBe('INVALID_INPUT')
    expect((await failure(list({ cursor: 'forged' }))).details.errors).toEqual([expect.objectContaining({ field: 'cursor' })])
  })

  it('filters by type, platformCustomerId, region, currency and creation time', async () => {
    expect((await list({ customerType: 'BUSINESS' })).totalCount).toBe(5)
    expect((await list({ platformCustomerId: 'ind-3' })).data.map((c) => c.id)).toEqual([created[3]!.id])
    expect((await list({ region: 'MX' })).totalCount).toBe(5)
    expect((await list({ currency: 'USDC' })).totalCount).toBe(10)
    const middle = created[12]!.createdAt
    expect((await list({ createdAfter: new Date(middle), limit: 100 })).data.every((c) => c.createdAt >= middle)).toBe(true)
    expect((await list({ createdBefore: new Date(0) })).totalCount).toBe(0)
    expect((await failure(list({ customerType: 'ROBOT' }))).code).toBe('INVALID_INPUT')
  })

  it('leaves deleted customers out unless asked for them', async () => {
    const tenant = newTenant()
    const kept = await create(h, tenant, individual())
    const gone = await create(h, tenant, individual())
    await callUnary(h.client, h.client.deleteCustomer, { customerId: gone.id }, tenant)
    expect((await list({}, tenant)).data.map((c) => c.id)).toEqual([kept.id])
    const all = await list({ isIncludingDeleted: true }, tenant)
    expect(all.data.map((c) => [c.id, c.isDeleted])).toEqual([[gone.id, true], [kept.id, false]])
  })

  it('shows only the tenant’s own customers', async () => {
    expect((await list({ platformCustomerId: 'other-tenant' })).totalCount).toBe(0)
    expect((await list({ limit: 100 }, { ...ctx, environment: 'PRODUCTION' })).totalCount).toBe(0)
  })
})
