import { createRoute, z } from '@hono/zod-openapi'
import { createLogger, type Logger } from '@pp/logging'
import type { Hono } from 'hono'
import type { Authenticator } from '../../src/auth/authenticator.js'
import type { GatewayApp, GatewayEnv } from '../../src/context.js'
import { createGatewayApp } from '../../src/gateway-app.js'
import { errorResponses, Identifier, integerParameter } from '@pp/contracts'

const ThingBody = z.object({
  name: z.string().min(2).max(5),
  email: z.email(),
  kind: z.enum(['SMALL', 'LARGE']),
  address: z.object({ country: z.string().regex(/^[A-Z]{2}$/) }),
  tags: z.record(z.string(), z.unknown()).optional(),
  codes: z.array(z.enum(['A', 'B'])).optional(),
})

const createThing = createRoute({
  method: 'post',
  path: '/things/{thingId}',
  request: {
    params: z.object({ thingId: z.string().startsWith('Thing:') }),
    query: z.object({ limit: integerParameter(1, 100).optional(), owner: Identifier().optional() }),
    body: { required: true, content: { 'application/json': { schema: ThingBody } } },
  },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: z.object({ thingId: z.string(), platformId: z.string(), requestId: z.string() }) } } },
    ...errorResponses(400),
  },
})

const whoAmI = createRoute({
  method: 'get',
  path: '/whoami',
  responses: { 200: { description: 'The caller', content: { 'application/json': { schema: z.object({ platformId: z.string() }) } } } },
})

/** Routes that exercise the framework: validation of body, path and query, and a failing handler. */
export function registerTestRoutes(api: GatewayApp): void {
  api.openapi(createThing, (c) =>
    c.json({ thingId: c.req.valid('param').thingId, platformId: c.get('principal').platformId, requestId: c.get('requestId') }, 201),
  )
  api.openapi(whoAmI, (c) => c.json({ platformId: c.get('principal').platformId }, 200))
  api.get('/boom', () => {
    throw new Error('database password is hunter2')
  })
}

export const testLogger = (): Logger => createLogger('gateway-test', 'silent')

export const testApp = (authenticate: Authenticator, logger = testLogger()): Hono<GatewayEnv> =>
  createGatewayApp({ logger, authenticate, registerRoutes: registerTestRoutes })

export const basicAuth = (clientId: string, clientSecret: string): string =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
