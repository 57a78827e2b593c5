import { makeGenericClientConstructor, type Client, type ServiceDefinition } from '@grpc/grpc-js'
import { ApiError } from '@pp/errors'
import { writeLocalIdentities, type IdentityFiles } from '@pp/identity'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callUnary, clientCredentialsOf, configureGrpcTransport, createGrpcClient, startGrpcServer, unaryService, type CallerTable, type RunningGrpcServer } from '../src/index.js'

/**
 * Attacks from inside the mesh on a server with its own identity: callers without a certificate,
 * with another service's valid certificate calling a method it may not, and the admin's methods
 * asked for on the public port, are all refused before the handler runs.
 */
const json = {
  serialize: (value: unknown) => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer) => JSON.parse(bytes.toString()),
}
const method = (path: string) => ({ path, requestStream: false, responseStream: false, requestSerialize: json.serialize, requestDeserialize: json.deserialize, responseSerialize: json.serialize, responseDeserialize: json.deserialize })
const definition = { transfer: method('/test.v1.Ledger/Transfer'), inspect: method('/test.v1.Ledger/Inspect'), tokens: method('/test.v1.Ledger/Tokens') } as unknown as ServiceDefinition
const callers: CallerTable = {
  '/test.v1.Ledger/Transfer': ['payments'],
  '/test.v1.Ledger/Inspect': ['admin'],
  '/test.v1.Ledger/Tokens': ['gateway', 'admin'],
}
type Unary = Parameters<typeof callUnary<object, { handled: number }>>[1]
interface LedgerClient extends Client { transfer: Unary; inspect: Unary; tokens: Unary }
const LedgerCtor = makeGenericClientConstructor(definition, 'Ledger') as unknown as new (...args: never[]) => LedgerClient

const logger = pino({ level: 'silent' })
let handled = 0
const impls = {
  transfer: async () => ({ handled: ++handled }),
  inspect: async () => ({ handled: ++handled }),
  tokens: async () => ({ handled: ++handled }),
}

describe('per-method authorization by the caller\'s identity', () => {
  const folder = mkdtempSync(join(tmpdir(), 'identity-'))
  let identities: Record<string, IdentityFiles>
  let server: RunningGrpcServer
  const clients: Client[] = []
  const as = (identity: string | undefined, port: 'public' | 'operator' = 'public'): LedgerClient => {
    const client = createGrpcClient(LedgerCtor as never, `127.0.0.1:${port === 'public' ? server.port : server.operatorPort}`, clientCredentialsOf(identity ? identities[identity]! : {})) as LedgerClient
    clients.push(client)
    return client
  }
  const refusal = (call: Promise<unknown>) => call.then(() => undefined, (err: unknown) => err as ApiError)

  beforeAll(async () => {
    identities = await writeLocalIdentities(folder, ['ledger', 'payments', 'customers', 'gateway', 'admin'])
    configureGrpcTransport(identities.ledger!)
    server = await startGrpcServer('127.0.0.1:0', [{ name: 'test.v1.Ledger', definition, implementation: unaryService(logger, impls) }], logger, {
      callers,
      operatorAddress: '127.0.0.1:0',
    })
  })

  afterAll(async () => {
    for (const client of clients) client.close()
    await server?.shutdown()
    configureGrpcTransport({})
    rmSync(folder, { recursive: true, force: true })
  })

  it('serves a caller the table lists', async () => {
    const client = as('payments')
    expect(await callUnary(client, client.transfer, {}, {})).toEqual({ handled: 1 })
  })

  it('refuses a caller with no certificate before any handler runs', async () => {
    const client = as(undefined)
    const before = handled
    expect((await refusal(callUnary(client, client.transfer, {}, {}, 2_000)))?.code).toBe('SERVICE_UNAVAILABLE')
    expect(handled).toBe(before)
  })

  it('refuses another service\'s valid certificate calling a method it may not, as FORBIDDEN', async () => {
    const client = as('customers')
    const before = handled
    const err = await refusal(callUnary(client, client.transfer, {}, {}))
    expect(err).toBeInstanceOf(ApiError)
    expect(err?.toBody()).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(handled).toBe(before)
  })

  it('does not serve the admin\'s methods on the public port, whoever asks', async () => {
    for (const identity of ['gateway', 'admin']) {
      const client = as(identity)
      expect((await refusal(callUnary(client, client.inspect, {}, {})))?.code).toBe('NOT_IMPLEMENTED') // gRPC UNIMPLEMENTED
    }
    const admin = as('admin')
    expect((await refusal(callUnary(admin, admin.tokens, {}, {})))?.code).toBe('FORBIDDEN')
  })

  it('serves the operator port to the admin identity alone', async () => {
    const admin = as('admin', 'operator')
    expect(await callUnary(admin, admin.inspect, {}, {})).toMatchObject({ handled: expect.any(Number) })
    expect(await callUnary(admin, admin.tokens, {}, {})).toMatchObject({ handled: expect.any(Number) })
    const gateway = as('gateway', 'operator')
    expect((await refusal(callUnary(gateway, gateway.tokens, {}, {})))?.code).toBe('FORBIDDEN')
    expect((await refusal(callUnary(gateway, gateway.transfer, {}, {})))?.code).toBe('NOT_IMPLEMENTED') // gRPC UNIMPLEMENTED there
  })

  it('refuses to start over mutual TLS without a table, or with a method the table does not list', async () => {
    const registration = { name: 'test.v1.Ledger', definition, implementation: unaryService(logger, impls) }
    await expect(startGrpcServer('127.0.0.1:0', [registration], logger)).rejects.toThrow(/needs a callers table/)
    const { ['/test.v1.Ledger/Tokens']: _, ...incomplete } = callers
    await expect(startGrpcServer('127.0.0.1:0', [registration], logger, { callers: incomplete })).rejects.toThrow(/no callers listed for \/test.v1.Ledger\/Tokens/)
    await expect(startGrpcServer('127.0.0.1:0', [registration], logger, { callers: { ...callers, '/test.v1.Ledger/Gone': ['admin'], '/test.v1.Other/Elsewhere': ['admin'] } })).rejects.toThrow(/Gone, which is not served/)
  })
})
