import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import { BeneficialOwnerInput, type BeneficialOwnersServiceClient } from '@pp/proto/customers/v1/beneficial_owners'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  BeneficialOwnerCreateRequestSchema,
  BeneficialOwnerIdParamsSchema,
  type BeneficialOwner,
  type BeneficialOwnerListJson,
  BeneficialOwnerListSchema,
  BeneficialOwnerSchema,
  BeneficialOwnerUpdateRequestSchema,
  errorResponses,
  ListBeneficialOwnersQuerySchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['KYC/KYB Verifications']

const createOwner = createRoute({
  method: 'post',
  path: '/beneficial-owners',
  operationId: 'createBeneficialOwner',
  ...requires('MANAGE'),
  tags,
  summary: 'Add a beneficial owner, director or officer to a business customer',
  request: { body: jsonBody(BeneficialOwnerCreateRequestSchema) },
  responses: { 201: json(BeneficialOwnerSchema, 'The beneficial owner'), ...errorResponses(400, 404, 410) },
})

const listOwners = createRoute({
  method: 'get',
  path: '/beneficial-owners',
  operationId: 'listBeneficialOwners',
  ...requires('VIEW'),
  tags,
  summary: "List a business customer's beneficial owners, newest first",
  request: { query: ListBeneficialOwnersQuerySchema },
  responses: { 200: json(BeneficialOwnerListSchema, 'A page of owners'), ...errorResponses(400, 404) },
})

const getOwner = createRoute({
  method: 'get',
  path: '/beneficial-owners/{beneficialOwnerId}',
  operationId: 'getBeneficialOwner',
  ...requires('VIEW'),
  tags,
  summary: 'Get a beneficial owner',
  request: { params: BeneficialOwnerIdParamsSchema },
  responses: { 200: json(BeneficialOwnerSchema, 'The beneficial owner'), ...errorResponses(404) },
})

const updateOwner = createRoute({
  method: 'patch',
  path: '/beneficial-owners/{beneficialOwnerId}',
  operationId: 'updateBeneficialOwner',
  ...requires('MANAGE'),
  tags,
  summary: 'Update a beneficial owner; only the fields sent change',
  request: { params: BeneficialOwnerIdParamsSchema, body: jsonBody(BeneficialOwnerUpdateRequestSchema) },
  responses: { 200: json(BeneficialOwnerSchema, 'The updated beneficial owner'), ...errorResponses(400, 404) },
})

export function registerBeneficialOwnerRoutes(app: GatewayApp, owners: BeneficialOwnersServiceClient): void {
  app.openapi(createOwner, async (c) => {
    const { customerId, ...owner } = c.req.valid('json')
    const request = { customerId, owner: BeneficialOwnerInput.fromPartial(owner) }
    const { beneficialOwnerJson } = await callUnary(owners, owners.createBeneficialOwner, request, callContext(c))
    return ownedJson<BeneficialOwner, 201>(c, beneficialOwnerJson, 201)
  })
  app.openapi(listOwners, async (c) => {
    const { pageJson } = await callUnary(owners, owners.listBeneficialOwners, c.req.valid('query'), callContext(c))
    return ownedJson<BeneficialOwnerListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getOwner, async (c) => {
    const { beneficialOwnerJson } = await callUnary(owners, owners.getBeneficialOwner, c.req.valid('param'), callContext(c))
    return ownedJson<BeneficialOwner, 200>(c, beneficialOwnerJson, 200)
  })
  app.openapi(updateOwner, async (c) => {
    const request = { ...c.req.valid('param'), changes: BeneficialOwnerInput.fromPartial(c.req.valid('json')) }
    const { beneficialOwnerJson } = await callUnary(owners, owners.updateBeneficialOwner, request, callContext(c))
    return ownedJson<BeneficialOwner, 200>(c, beneficialOwnerJson, 200)
  })
}
