import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { ContactVerificationServiceClient } from '@pp/proto/customers/v1/contact_verification'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { ContactVerificationConfirmRequestSchema, CustomerIdParamsSchema, type Customer, CustomerSchema, errorResponses } from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Contact Verification']
const CHANNELS = [
  { channel: 'EMAIL', path: 'verify-email', what: 'email address', operationIds: { send: 'sendCustomerEmailVerification', confirm: 'confirmCustomerEmailVerification' } },
  { channel: 'PHONE', path: 'verify-phone', what: 'phone number', operationIds: { send: 'sendCustomerPhoneVerification', confirm: 'confirmCustomerPhoneVerification' } },
] as const

const ONLY_WHEN_REQUIRED =
  "Only for customers whose verification provider requires contact verification (EU regions); 409 for others or once VERIFIED. In sandbox nothing is sent and the code is always 123456."

/** Sending a code and confirming it, per channel: verify-email and verify-phone with their /confirm. */
export function registerContactVerificationRoutes(app: GatewayApp, contact: ContactVerificationServiceClient): void {
  for (const { channel, path, what, operationIds } of CHANNELS) {
    const send = createRoute({
      method: 'post',
      path: `/customers/{customerId}/${path}`,
      operationId: operationIds.send,
      ...requires('MANAGE'),
      tags,
      summary: `Send a one-time code to the customer's ${what}`,
      description: ONLY_WHEN_REQUIRED,
      request: { params: CustomerIdParamsSchema },
      // 501 without a production email or SMS provider, 503 when it stayed unavailable (docs/production.md)
      responses: { 204: { description: 'Code sent' }, ...errorResponses(400, 404, 409, 410, 501, 503) },
    })
    const confirm = createRoute({
      method: 'post',
      path: `/customers/{customerId}/${path}/confirm`,
      operationId: operationIds.confirm,
      ...requires('MANAGE'),
      tags,
      summary: `Confirm the customer's ${what} with the code received`,
      description: ONLY_WHEN_REQUIRED,
      request: { params: CustomerIdParamsSchema, body: jsonBody(ContactVerificationConfirmRequestSchema) },
      responses: { 200: json(CustomerSchema, 'The customer, the channel VERIFIED'), ...errorResponses(400, 404, 409, 410) },
    })
    app.openapi(send, async (c) => {
      await callUnary(contact, contact.sendContactVerificationCode, { ...c.req.valid('param'), channel }, callContext(c))
      return c.body(null, 204)
    })
    app.openapi(confirm, async (c) => {
      const request = { ...c.req.valid('param'), channel, code: c.req.valid('json').code }
      const { customerJson } = await callUnary(contact, contact.confirmContactVerification, request, callContext(c))
      return ownedJson<Customer, 200>(c, customerJson, 200)
    })
  }
}
