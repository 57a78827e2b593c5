import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meshServices } from '../../scripts/mesh/services.js'
import { apiClient, errorLines, startMesh, type Mesh } from '../e2e/mesh.js'
import { ApiDocument, type KnownIds } from './api-document.js'
import { Random } from './random.js'
import { RequestFactory, type FuzzRequest } from './requests.js'
import { FuzzRun } from './run.js'
import { Sender } from './send.js'
import { StateProbe } from './state.js'

/**
 * Malformed requests for every operation of the API document, against the real mesh. Each must be
 * answered with a 4xx in the error contract (or accepted), leak nothing, and, when rejected,
 * change nothing in any service's database. FUZZ_SEED picks the requests, FUZZ_COUNT how many.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20251013)
const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000)
const CONCURRENCY = 4
const BATCH_SIZE = 200
/** Longer than an accepted request's events take to travel the mesh: outbox, NATS, the next service's write. */
const QUIET_MS = 500
const REPORTED_MAX = 40
/**
 * What an accepted request sets going finishes beyond the run: a payment's sandbox outcome, a
 * retry of a failed webhook, a bank account's validation. The state then stops moving soon after
 * each accepted request, and any later change is a rejected request's doing.
 */
const LATER = String(3_600_000)
const QUIET_MESH = {
  WEBHOOK_RETRY_SCHEDULE_MS: LATER,
  SANDBOX_PENDING_FAILURE_DELAY: LATER,
  SANDBOX_SLOW_SETTLEMENT_DELAY: LATER,
  SANDBOX_RETURN_DELAY: LATER,
  RECOVERY_AFTER_MS: LATER,
  ACH_VALIDATION_WINDOW_MS: LATER,
}

/**
 * The webhook delivery log: a test webhook the endpoint refused is logged and answered 400 by
 * design. Every other delivery follows an event, which shows first in the outbox of the service
 * that emitted it, so a rejected request that emitted one is caught there.
 */
const WRITTEN_WHEN_REJECTED = new Set(['webhooks.webhook_deliveries', 'webhooks.delivery_attempts', 'webhooks.endpoint_states'])

let mesh: Mesh
let api: ReturnType<typeof apiClient>
let known: KnownIds
let document: ApiDocument
let factory: RequestFactory
let probe: StateProbe
let sender: Sender

/** Real resources of the platform, named by the fields and parameters that refer to them. */
async function seedResources(api: ReturnType<typeof apiClient>): Promise<KnownIds> {
  const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version
  const customer = await api('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `fuzz-${randomBytes(4).toString('hex')}`,
    fullName: 'Fuzz Target',
    agreementConsents: [{ type: 'SERVICE_END_USER_TERMS', acceptedAt: '2025-10-14T10:00:00Z', ipAddress: '198.51.100.24', termsVersion, acceptanceMethod: 'CHECKBOX' }],
  })
  expect(customer.status).toBe(201)
  const customerId: string = customer.body.id
  let internalAccountId = ''
  await waitUntil(async () => {
    const page = await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`)
    internalAccountId = page.body.data[0]?.id ?? ''
    return internalAccountId !== ''
  }, 'the customer to get internal accounts')
  const external = await api('POST', '/customers/external-accounts', {
    customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'US_ACCOUNT',
      accountNumber: '987654321098',
      routingNumber: '011000015',
      accountCategory: 'CHECKING',
      bankName: 'Fuzz Bank',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Fuzz Target' },
    },
  })
  expect(external.status).toBe(201)
  // a token of its own would be deleted by the first DELETE /tokens/{tokenId} that passes, and every later request refused
  const token = await api('POST', '/tokens', { name: 'fuzz target', permissions: ['VIEW'] })
  expect(token.status).toBe(201)
  return {
    customerId,
    documentHolder: customerId,
    accountId: internalAccountId,
    internalAccountId,
    destinationAccountId: internalAccountId,
    externalAccountId: external.body.id,
    tokenId: token.body.id,
  }
}

beforeAll(async () => {
  mesh = await startMesh({ env: QUIET_MESH })
  const platform = await mesh.createPlatform(`fuzz-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  api = apiClient(mesh, platform)
  document = new ApiDocument((await api('GET', '/openapi.json')).body)
  known = await seedResources(api)
  factory = new RequestFactory(document, known, platform)
  probe = await StateProbe.open(Object.fromEntries(meshServices.map((s) => [s.name, mesh.databaseUrl(s.name)])), platform.platformId, WRITTEN_WHEN_REJECTED)
  sender = new Sender(new URL(mesh.baseUrl), CONCURRENCY)
}, 180_000)

afterAll(async () => {
  sender?.close()
  await probe?.close()
  await mesh?.stop()
})

/** Enough of a request to replay it by hand. */
function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body=${JSON.stringify(request.body.subarray(0, 200).toString('latin1'))}${request.body.length > 200 ? `…(${request.body.length} bytes)` : ''}`
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization' || request.mutations.includes('credentials'))
    .map(([name, value]) => `${name}: ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value)}`)
  return `${request.operation} [${request.mutations.join(', ')}] ${request.method} ${request.path.slice(0, 300)} {${headers.join('; ')}}${body}`
}

describe('malformed requests against the mesh', () => {
  it('answers the reported cases 400 INVALID_INPUT, naming the field, in a small body', async () => {
    const customer = `/customers/${encodeURIComponent(known.customerId!)}`
    // a header value goes as latin1: these are the UTF-8 bytes of clé-ÿ
    const nonAsciiKey = { 'Idempotency-Key': Buffer.from('clé-ÿ').toString('latin1') }
    const cases: Array<[string, string, unknown, Record<string, string>, string]> = [
      ['GET', `${customer}%00`, undefined, {}, 'customerId'],
      ['PATCH', customer, { customerType: 'INDIVIDUAL', fullName: 'a\u0000b' }, {}, 'fullName'],
      ['GET', '/tokens?name=a%00b', undefined, {}, 'name'],
      ['POST', '/quotes', {}, nonAsciiKey, 'Idempotency-Key'],
      ['POST', '/transfer-in', {}, nonAsciiKey, 'Idempotency-Key'],
      ['POST', '/transfer-out', {}, nonAsciiKey, 'Idempotency-Key'],
      ['GET', '/customers?limit=0x10', undefined, {}, 'limit'],
      ['POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'pc\u202Eevil' }, {}, 'platformCustomerId'],
      ['POST', '/tokens', { name: 'a\u200Bb', permissions: ['VIEW'] }, {}, 'name'],
      ['POST', '/tokens', { name: 'bulk', permissions: Array.from({ length: 10_000 }, () => 'NOT_A_PERMISSION') }, {}, 'permissions.0'],
    ]
    for (const [method, path, body, headers, field] of cases) {
      const answer = await api(method, path, body, headers)
      expect([method, path, answer.status, answer.body.code, answer.body.details.errors[0].field]).toEqual([method, path, 400, 'INVALID_INPUT', field])
      expect(JSON.stringify(answer.body).length).toBeLessThan(32 * 1024)
    }
  })

  it('are answered 4xx in the error contract, leak nothing and change nothing', async () => {
    const started = Date.now()
    const random = new Random(SEED)
    const operations = document.operations
    const requests = Array.from({ length: COUNT }, (_, i) => factory.build(operations[i % operations.length]!, Math.floor(i / operations.length), random))
    const report = await new FuzzRun(sender, probe, { concurrency: CONCURRENCY, batchSize: BATCH_SIZE, quietMs: QUIET_MS }).run(requests)

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
    console.log(
      `fuzz: seed ${SEED}, ${report.sent} requests sent (${requests.length} generated over ${operations.length} operations) in ${seconds} s: ` +
        `${report.serverErrors} 5xx, ${report.contractViolations} contract violations, ${report.stateChanges} state changes, ` +
        `${report.transportErrors} transport errors; ${report.accepted} accepted; answers by status: ${statuses.join(' ')}`,
    )
    if (report.unattributedChanges.length > 0) console.log(`fuzz: changes no replayed request made again: ${report.unattributedChanges.join(', ')}`)
    // what the mesh logged about its 5xx answers: the cause of each, for whoever fixes it
    if (report.serverErrors > 0) for (const process of mesh.processes) console.log(`${process.name}:\n${errorLines(process.output())}`)
    // the requests got past authentication to the routes: the fuzzer's own credentials still work
    expect((await api('GET', '/tokens')).status).toBe(200)
    expect(report.failures.slice(0, REPORTED_MAX).map((f) => `${f.problem}\n    ${describeRequest(f.request)}`)).toEqual([])
  }, 900_000)
})
