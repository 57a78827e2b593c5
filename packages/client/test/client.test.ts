import { describe, expect, it } from 'vitest'
import { ApiError, PaymentsPlatformClient, UnexpectedResponseError, type ClientOptions } from '../src/index.js'

interface Sent {
  url: string
  method: string
  headers: Headers
  body: RequestInit['body']
  signal: RequestInit['signal']
}

/** A client whose fetch records what it is asked and answers `answer`. */
function clientAnswering(answer: () => Response, options: Partial<ClientOptions> = {}) {
  const sent: Sent[] = []
  const client = new PaymentsPlatformClient({
    baseUrl: 'https://api.example.com/2025-10-13/',
    credentials: { clientId: 'token-1', clientSecret: 'sécret' },
    fetch: async (url, init) => {
      sent.push({ url, method: init.method!, headers: new Headers(init.headers), body: init.body, signal: init.signal })
      return answer()
    },
    ...options,
  })
  return { client, sent }
}

const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

const errorAnswer = (status: number, code: string, headers: Record<string, string> = {}) =>
  jsonAnswer(status, { status, code, reason: `${code} reason`, message: `${code} message`, details: { field: 'x' } }, headers)

describe('PaymentsPlatformClient requests', () => {
  it('puts path parameters in the path, each encoded as one segment, and the defined query values in the query', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(200, { id: 'Customer:1' }))
    await client.getCustomerById({ path: { customerId: 'Customer:a/b' } })
    await client.listCustomers({ query: { limit: 5, isIncludingDeleted: false, cursor: undefined, customerType: 'INDIVIDUAL' } })
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.example.com/2025-10-13/customers/Customer%3Aa%2Fb',
      'GET https://api.example.com/2025-10-13/customers?limit=5&isIncludingDeleted=false&customerType=INDIVIDUAL',
    ])
  })

  it('sends the body as JSON with the typed headers', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(201, { id: 'Customer:1' }))
    const body = { customerType: 'INDIVIDUAL' as const, platformCustomerId: 'pc-1' }
    await client.createCustomer({ headers: { 'Idempotency-Key': 'key-1' }, body })
    expect(sent[0]!.headers.get('idempotency-key')).toBe('key-1')
    expect(sent[0]!.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(sent[0]!.body as string)).toEqual(body)
  })

  it('sends Basic credentials (UTF-8) to the platform operations and the agent token to the agent operations', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(200, {}), { agentToken: 'agent-token' })
    await client.getPlatformConfig()
    await client.agentListInternalAccounts()
    await client.redeemAgentDeviceCode({ path: { code: 'ABCD' } })
    expect(sent.map((s) => s.headers.get('authorization'))).toEqual([`Basic ${Buffer.from('token-1:sécret').toString('base64')}`, 'Bearer agent-token', null])
  })

  it('sends no credentials it was not given', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(200, {}))
    await client.agentListInternalAccounts()
    expect(sent[0]!.headers.has('authorization')).toBe(false)
  })

  it('sends a multipart body as form data, files as file parts', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(202, { id: 'Job:1' }))
    await client.uploadCustomersCsv({ body: { file: new Blob(['platformCustomerId\npc-1\n'], { type: 'text/csv' }) } })
    const form = sent[0]!.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(await (form.get('file') as Blob).text()).toBe('platformCustomerId\npc-1\n')
  })

  it('passes the abort signal on', async () => {
    const { client, sent } = clientAnswering(jsonAnswer(200, {}))
    const controller = new AbortController()
    await client.getPlatformConfig({}, { signal: controller.signal })
    expect(sent[0]!.signal).toBe(controller.signal)
  })
})

describe('PaymentsPlatformClient answers', () => {
  it('resolves to the status, the parsed body and the headers of a success', async () => {
    const { client } = clientAnswering(jsonAnswer(201, { id: 'Customer:1' }, { 'x-request-id': 'r-1' }))
    const created = await client.createCustomer({ body: { customerType: 'INDIVIDUAL' } })
    expect(created.status).toBe(201)
    expect(created.data).toEqual({ id: 'Customer:1' })
    expect(created.headers.get('x-request-id')).toBe('r-1')
  })

  it('resolves a 204 to no body', async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }))
    expect(await client.deleteTokenById({ path: { tokenId: 'Token:1' } })).toMatchObject({ status: 204, data: undefined })
  })

  it('throws an ApiError with the error body, the request id and the operation', async () => {
    const { client } = clientAnswering(errorAnswer(404, 'CUSTOMER_NOT_FOUND', { 'x-request-id': 'r-2' }))
    const error = await client.getCustomerById({ path: { customerId: 'Customer:1' } }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 404,
      code: 'CUSTOMER_NOT_FOUND',
      reason: 'CUSTOMER_NOT_FOUND reason',
      message: 'CUSTOMER_NOT_FOUND message',
      details: { field: 'x' },
      operationId: 'getCustomerById',
      requestId: 'r-2',
      retryAfterMs: undefined,
      isRetryable: false,
    })
  })

  it('advises a retry of a rate-limited or unavailable answer, after the Retry-After it names', async () => {
    const limited = await clientAnswering(errorAnswer(429, 'RATE_LIMITED', { 'retry-after': '3' })).client.getPlatformConfig().catch((err: unknown) => err)
    expect(limited).toMatchObject({ isRetryable: true, retryAfterMs: 3_000 })
    const unavailable = await clientAnswering(errorAnswer(503, 'SERVICE_UNAVAILABLE')).client.getPlatformConfig().catch((err: unknown) => err)
    expect(unavailable).toMatchObject({ isRetryable: true, retryAfterMs: undefined })
    const running = await clientAnswering(errorAnswer(409, 'REQUEST_IN_PROGRESS')).client.getPlatformConfig().catch((err: unknown) => err)
    expect(running).toMatchObject({ isRetryable: true })
    const conflict = await clientAnswering(errorAnswer(409, 'IDEMPOTENCY_KEY_REUSED')).client.getPlatformConfig().catch((err: unknown) => err)
    expect(conflict).toMatchObject({ isRetryable: false })
  })

  it('throws an UnexpectedResponseError for an answer outside the contract', async () => {
    const proxyPage = await clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 })).client.getPlatformConfig().catch((err: unknown) => err)
    expect(proxyPage).toBeInstanceOf(UnexpectedResponseError)
    expect(proxyPage).toMatchObject({ status: 502, body: '<html>Bad gateway</html>', operationId: 'getPlatformConfig' })
    const notJson = await clientAnswering(() => new Response('ok', { status: 200 })).client.getPlatformConfig().catch((err: unknown) => err)
    expect(notJson).toBeInstanceOf(UnexpectedResponseError)
  })
})
