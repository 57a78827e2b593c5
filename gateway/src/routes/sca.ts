import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { ScaServiceClient } from '@pp/proto/customers/v1/sca'
import type { z } from '@hono/zod-openapi'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  CredentialIdParamsSchema,
  errorResponses,
  RecordSecurityEventRequestSchema,
  RecordSecurityEventResponseSchema,
  ResetIdParamsSchema,
  ScaCustomerQuerySchema,
  ScaFactorConfirmRequestSchema,
  ScaFactorConfirmResponseSchema,
  ScaFactorEnrollRequestSchema,
  ScaFactorEnrollStartSchema,
  ScaFactorListSchema,
  ScaLoginCompleteRequestSchema,
  ScaLoginCompleteSchema,
  ScaLoginStartRequestSchema,
  ScaLoginStartSchema,
  TwoFactorResetCompleteRequestSchema,
  TwoFactorResetStartRequestSchema,
  TwoFactorResetStartSchema,
  TwoFactorResetStatusSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Strong Customer Authentication']
const ONLY_IN_SCA_REGIONS = 'Only for customers in an SCA region (EU); 409 for others. In sandbox the SMS and TOTP code 123456 verifies.'

const route = <M extends 'get' | 'post' | 'delete', P extends string>(method: M, path: P, operationId: string, summary: string) => ({
  method,
  path,
  operationId,
  ...requires(method === 'get' ? 'VIEW' : 'MANAGE'),
  tags,
  summary,
  description: ONLY_IN_SCA_REGIONS,
})

const listFactors = createRoute({
  ...route('get', '/sca/factors', 'listScaFactors', "List the customer's SCA factors"),
  request: { query: ScaCustomerQuerySchema },
  responses: { 200: json(ScaFactorListSchema, 'The factors'), ...errorResponses(400, 404, 409) },
})

const startEnrolment = createRoute({
  ...route('post', '/sca/factors', 'startScaFactorEnrollment', 'Start enrolling a TOTP or passkey factor'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(ScaFactorEnrollRequestSchema) },
  responses: { 200: json(ScaFactorEnrollStartSchema, 'What the device needs to finish'), ...errorResponses(400, 404, 409) },
})

const confirmEnrolment = createRoute({
  ...route('post', '/sca/factors/confirm', 'confirmScaFactorEnrollment', 'Finish enrolling with the first TOTP code or the WebAuthn credential'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(ScaFactorConfirmRequestSchema) },
  responses: { 200: json(ScaFactorConfirmResponseSchema, 'The enrolled factor'), ...errorResponses(400, 404, 409) },
})

const deleteFactor = createRoute({
  ...route('delete', '/sca/factors/{credentialId}', 'deleteScaFactor', 'Delete an enrolled passkey'),
  request: { query: ScaCustomerQuerySchema, params: CredentialIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 404, 409) },
})

const startLogin = createRoute({
  ...route('post', '/sca/login/start', 'startScaLogin', 'Start an SCA login with a factor'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(ScaLoginStartRequestSchema) },
  responses: { 200: json(ScaLoginStartSchema, 'What the customer needs to answer'), ...errorResponses(400, 404, 409, 501, 503) },
})

const completeLogin = createRoute({
  ...route('post', '/sca/login/complete', 'completeScaLogin', 'Complete an SCA login with the proof; opens the SCA session'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(ScaLoginCompleteRequestSchema) },
  responses: { 200: json(ScaLoginCompleteSchema, 'The session'), ...errorResponses(400, 404, 409, 423) },
})

const recordEvent = createRoute({
  ...route('post', '/sca/record-event', 'recordSecurityEvent', 'Record a failed sign-in or a completed password reset'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(RecordSecurityEventRequestSchema) },
  responses: { 200: json(RecordSecurityEventResponseSchema, 'The login-security state'), ...errorResponses(400, 404, 409, 423) },
})

const startReset = createRoute({
  ...route('post', '/sca/factors/reset', 'startTwoFactorReset', 'Start the liveness-gated reset of a lost factor'),
  request: { query: ScaCustomerQuerySchema, body: jsonBody(TwoFactorResetStartRequestSchema) },
  responses: { 201: json(TwoFactorResetStartSchema, 'The reset'), ...errorResponses(400, 404, 409, 429, 503) },
})

const getReset = createRoute({
  ...route('get', '/sca/factors/reset/{resetId}', 'getTwoFactorResetStatus', 'Poll a 2FA reset'),
  request: { query: ScaCustomerQuerySchema, params: ResetIdParamsSchema },
  responses: { 200: json(TwoFactorResetStatusSchema, 'The reset status'), ...errorResponses(400, 404, 409) },
})

const completeReset = createRoute({
  ...route('post', '/sca/factors/reset/{resetId}/complete', 'completeTwoFactorReset', 'Complete a 2FA reset once liveness passed'),
  request: {
    query: ScaCustomerQuerySchema,
    params: ResetIdParamsSchema,
    body: { required: false, content: { 'application/json': { schema: TwoFactorResetCompleteRequestSchema } } },
  },
  responses: { 204: { description: 'Reset completed' }, ...errorResponses(400, 404, 409) },
})

const proofOf = (body: { code?: string | null; passkeyAssertion?: object | null; origin?: string | null; endUserIpAddress?: string | null }) => ({
  code: body.code ?? undefined,
  passkeyAssertionJson: body.passkeyAssertion == null ? undefined : JSON.stringify(body.passkeyAssertion),
  origin: body.origin ?? undefined,
  endUserIpAddress: body.endUserIpAddress ?? undefined,
})

/** Strong customer authentication of customers in SCA regions, served by the customers service. */
export function registerScaRoutes(app: GatewayApp, sca: ScaServiceClient): void {
  app.openapi(listFactors, async (c) => {
    const { resultJson } = await callUnary(sca, sca.listScaFactors, c.req.valid('query'), callContext(c))
    return ownedJson<z.infer<typeof ScaFactorListSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(startEnrolment, async (c) => {
    const request = { ...c.req.valid('query'), type: c.req.valid('json').type }
    const { resultJson } = await callUnary(sca, sca.startScaFactorEnrollment, request, callContext(c))
    return ownedJson<z.infer<typeof ScaFactorEnrollStartSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(confirmEnrolment, async (c) => {
    const body = c.req.valid('json')
    const request = {
      ...c.req.valid('query'),
      ...(body.type === 'TOTP' ? { type: body.type, secret: body.secret, code: body.code } : { type: body.type, origin: body.origin, credentialJson: JSON.stringify(body.credential) }),
    }
    const { resultJson } = await callUnary(sca, sca.confirmScaFactorEnrollment, request, callContext(c))
    return ownedJson<z.infer<typeof ScaFactorConfirmResponseSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(deleteFactor, async (c) => {
    await callUnary(sca, sca.deleteScaFactor, { ...c.req.valid('query'), ...c.req.valid('param') }, callContext(c))
    return c.body(null, 204)
  })
  app.openapi(startLogin, async (c) => {
    const { resultJson } = await callUnary(sca, sca.startScaLogin, { ...c.req.valid('query'), ...c.req.valid('json') }, callContext(c))
    return ownedJson<z.infer<typeof ScaLoginStartSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(completeLogin, async (c) => {
    const body = c.req.valid('json')
    const request = { ...c.req.valid('query'), factor: body.factor, challengeId: body.challengeId ?? undefined, proof: proofOf(body) }
    const { resultJson } = await callUnary(sca, sca.completeScaLogin, request, callContext(c))
    return ownedJson<z.infer<typeof ScaLoginCompleteSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(recordEvent, async (c) => {
    const { resultJson } = await callUnary(sca, sca.recordSecurityEvent, { ...c.req.valid('query'), ...c.req.valid('json') }, callContext(c))
    return ownedJson<z.infer<typeof RecordSecurityEventResponseSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(startReset, async (c) => {
    const { resultJson } = await callUnary(sca, sca.startTwoFactorReset, { ...c.req.valid('query'), ...c.req.valid('json') }, callContext(c))
    return ownedJson<z.infer<typeof TwoFactorResetStartSchema>, 201>(c, resultJson, 201)
  })
  app.openapi(getReset, async (c) => {
    const { resultJson } = await callUnary(sca, sca.getTwoFactorReset, { ...c.req.valid('query'), ...c.req.valid('param') }, callContext(c))
    return ownedJson<z.infer<typeof TwoFactorResetStatusSchema>, 200>(c, resultJson, 200)
  })
  app.openapi(completeReset, async (c) => {
    const mobile = c.req.valid('json').mobile
    const request = { ...c.req.valid('query'), ...c.req.valid('param'), mobile: mobile && `${mobile.countryCode}${mobile.number}` }
    await callUnary(sca, sca.completeTwoFactorReset, request, callContext(c))
    return c.body(null, 204)
  })
}
