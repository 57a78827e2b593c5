import { makeGenericClientConstructor, type Client, type ServiceDefinition } from '@grpc/grpc-js'
import { ApiError } from '@pp/errors'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callUnary, checkHealth, createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '../src/index.js'

interface EchoRequest { text: string }
interface EchoResponse { text: string; platformId: string; environment: string; requestId: string; idempotencyKey?: string }

const json = {
  serialize: (value: unknown) => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer) => JSON.parse(bytes.toString()),
}
const method = (path: string) => ({ path, requestStream: false, responseStream: false, requestSerialize: json.serialize, requestDeserialize: json.deserialize, responseSerialize: json.serialize, responseDeserialize: json.deserialize })
const definition = { echo: method('/test.v1.EchoService/Echo') } as unknown as ServiceDefinition

const logger = pino({ level: 'silent' })
const impls = {
  echo: async (request: EchoRequest, ctx: HandlerContext): Promise<EchoResponse> => {
    if (request.text === 'conflict') throw new ApiError('CONFLICT', 'Already there', { field: 'text' })
    if (request.text === 'crash') throw new Error('secret internals')
    // what the pg driver throws for a NUL in a text parameter
    if (request.text === 'nul') throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })
    // what Prisma's driver adapter throws for a query while Postgres restarts
    if (request.text === 'db-down') throw { code: 'P2039', message: 'Database error', meta: { driverAdapterError: { cause: { originalCode: '57P03', kind: 'postgres' } } } }
    if (request.text === 'slow') await new Promise((resolve) => setTimeout(resolve, 300))
    return { text: request.text, platformId: ctx.platformId, environment: ctx.environment ?? '', requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey }
  },
}

interface EchoClient extends Client {
  echo: Parameters<typeof callUnary<EchoRequest, EchoResponse>>[1]
}

describe('gRPC helpers', () => {
  let server: RunningGrpcServer
  let client: EchoClient
  const ctx = { platformId: 'Platform:1', environment: 'PRODUCTION' as const, requestId: 'req-7', idempotencyKey: 'key-1' }

  beforeAll(async () => {
    server = await startGrpcServer('127.0.0.1:0', [{ name: 'test.v1.EchoService', definition, implementation: unaryService(logger, impls) }], logger)
    const Ctor = makeGenericClientConstructor(definition, 'EchoService') as unknown as new (...args: never[]) => EchoClient
    client = createGrpcClient(Ctor as never, `127.0.0.1:${server.port}`) as EchoClient
  })
  afterAll(async () => {
    client.close()
    await server.shutdown()
  })

  it('carries the call context as metadata', async () => {
    expect(await callUnary(client, client.echo, { text: 'hi' }, ctx)).toEqual({ text: 'hi', ...ctx })
  })

  it('keeps an ApiError exact across the hop', async () => {
    const err = await callUnary(client, client.echo, { text: 'conflict' }, ctx).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).toBody()).toEqual({
      status: 409, code: 'CONFLICT', message: 'Already there', reason: 'Already there', details: { field: 'text' },
    })
  })

  it('hides an unexpected failure behind INTERNAL_ERROR', async () => {
    const err = (await callUnary(client, client.echo, { text: 'crash' }, ctx).catch((e: unknown) => e)) as ApiError
    expect(err.code).toBe('INTERNAL_ERROR')
    expect(err.message).not.toContain('secret')
  })

  it("answers the database's refusal of text the caller sent as INVALID_INPUT, without its words", async () => {
    const err = (await callUnary(client, client.echo, { text: 'nul' }, ctx).catch((e: unknown) => e)) as ApiError
    expect(err.toBody()).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    expect(JSON.stringify(err.toBody())).not.toContain('UTF8')
  })

  it('answers a database that does not take connections as SERVICE_UNAVAILABLE, which the caller may retry', async () => {
    const err = (await callUnary(client, client.echo, { text: 'db-down' }, ctx).catch((e: unknown) => e)) as ApiError
    expect(err.toBody()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
  })

  it('turns a missed deadline into SERVICE_UNAVAILABLE', async () => {
    const err = (await callUnary(client, client.echo, { text: 'slow' }, ctx, 50).catch((e: unknown) => e)) as ApiError
    expect(err.code).toBe('SERVICE_UNAVAILABLE')
  })

  it('answers the standard health check', async () => {
    expect(await checkHealth(`127.0.0.1:${server.port}`)).toBe(true)
    expect(await checkHealth(`127.0.0.1:${server.port}`, 'test.v1.EchoService')).toBe(true)
  })
})
