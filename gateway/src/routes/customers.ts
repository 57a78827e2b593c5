import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  CustomerCreateRequestSchema,
  CustomerIdParamsSchema,
  type Customer,
  type CustomerListJson,
  CustomerListSchema,
  CustomerSchema,
  CustomerUpdateRequestSchema,
  EndUserTermsSchema,
  errorResponses,
  IdempotencyHeadersSchema,
  ListCustomersQuerySchema,
  listEnvelope,
  SignedRequestChallengeSchema,
  SignedRetryHeadersSchema,
} from '@pp/contracts'
import {
  createRequestToProto,
  endUserTermsToJson,
  listQueryToProto,
  updateRequestToProto,
} from './customers-mapping.js'
import type { WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { customerContactSignature } from './customer-contact-signature.js'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Customers']

const createCustomer = createRoute({
  method: 'post',
  path: '/customers',
  operationId: 'createCustomer',
  ...requires('MANAGE'),
  tags,
  summary: 'Create a customer',
  request: {
    headers: IdempotencyHeadersSchema,
    body: jsonBody(CustomerCreateRequestSchema),
  },
  responses: { 201: json(CustomerSchema, 'The customer'), ...errorResponses(400, 409) },
})

const listCustomers = createRoute({
  method: 'get',
  path: '/customers',
  operationId: 'listCustomers',
  ...requires('VIEW'),
  tags,
  summary: 'List customers, newest first',
  request: { query: ListCustomersQuerySchema },
  responses: { 200: json(CustomerListSchema, 'A page of customers'), ...errorResponses(400) },
})

const getEndUserTerms = createRoute({
  method: 'get',
  path: '/customers/end-user-terms',
  operationId: 'getEndUserTerms',
  ...requires('VIEW'),
  tags,
  summary: 'The agreements customers accept, at their current versions',
  responses: { 200: json(EndUserTermsSchema, 'The published agreements'), ...errorResponses() },
})

const getCustomer = createRoute({
  method: 'get',
  path: '/customers/{customerId}',
  operationId: 'getCustomerById',
  ...requires('VIEW'),
  tags,
  summary: 'Get a customer',
  request: { params: CustomerIdParamsSchema },
  responses: { 200: json(CustomerSchema, 'The customer'), ...errorResponses(404) },
})

const updateCustomer = createRoute({
  method: 'patch',
  path: '/customers/{customerId}',
  operationId: 'updateCustomerById',
  ...requires('MANAGE'),
  tags,
  summary: 'Update a customer and record the agreements it accepts now; a contact an embedded wallet signs in with changes signed',
  request: {
    params: CustomerIdParamsSchema,
    headers: SignedRetryHeadersSchema,
    body: jsonBody(CustomerUpdateRequestSchema),
  },
  responses: {
    200: json(CustomerSchema, 'The updated customer'),
    202: json(SignedRequestChallengeSchema, "The email or phone number an embedded wallet's OTP credential uses: sign payloadToSign and retry"),
    ...errorResponses(400, 404, 409, 410, 424),
  },
})

const deleteCustomer = createRoute({
  method: 'delete',
  path: '/customers/{customerId}',
  operationId: 'deleteCustomerById',
  ...requires('MANAGE'),
  tags,
  summary: 'Delete a customer',
  request: { params: CustomerIdParamsSchema },
  responses: { 200: json(CustomerSchema, 'The deleted customer'), ...errorResponses(404, 410) },
})

/**
 * `signedContactChange` is the signed-update rule for contacts embedded-wallet credentials sign in
 * with (customer-contact-signature.ts); route tests of the customer area alone leave it out.
 */
export function registerCustomerRoutes(
  app: GatewayApp,
  customers: CustomersServiceClient,
  signedContactChange?: ReturnType<typeof customerContactSignature>,
): void {
  app.openapi(createCustomer, async (c) => {
    const request = createRequestToProto(c.req.valid('json'))
    const { customerJson } = await callUnary(customers, customers.createCustomer, request, callContext(c))
    return ownedJson<Customer, 201>(c, customerJson, 201)
  })
  app.openapi(listCustomers, async (c) => {
    const { pageJson } = await callUnary(customers, customers.listCustomers, listQueryToProto(c.req.valid('query')), callContext(c))
    return ownedJson<CustomerListJson, 200>(c, pageJson, 200)
  })
  // registered before /customers/{customerId}, which would otherwise take "end-user-terms" for an id
  app.openapi(getEndUserTerms, async (c) => {
    const { agreements } = await callUnary(customers, customers.listEndUserTerms, {}, callContext(c))
    return c.json(endUserTermsToJson(agreements), 200)
  })
  app.openapi(getCustomer, async (c) => {
    const { customerJson } = await callUnary(customers, customers.getCustomer, c.req.valid('param'), callContext(c))
    return ownedJson<Customer, 200>(c, customerJson, 200)
  })
  app.openapi(updateCustomer, async (c) => {
    const { customerId } = c.req.valid('param')
    const request = updateRequestToProto(customerId, c.req.valid('json'))
    const update = (contactProof?: WalletSignatureProof) => callUnary(customers, customers.updateCustomer, { ...request, contactProof }, callContext(c))
    const outcome = signedContactChange ? await signedContactChange(c, customerId, c.req.valid('json'), update) : { result: await update() }
    if ('refusal' in outcome) return guardAnswer(outcome.refusal)
    return ownedJson<Customer, 200>(c, outcome.result.customerJson, 200)
  })
  app.openapi(deleteCustomer, async (c) => {
    const { customerJson } = await callUnary(customers, customers.deleteCustomer, c.req.valid('param'), callContext(c))
    return ownedJson<Customer, 200>(c, customerJson, 200)
  })
}
