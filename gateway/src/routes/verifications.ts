import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import { callContext, type GatewayApp } from '../context.js'
import type { VerificationClients } from '../grpc/verification-clients.js'
import { hostedKycUrl } from '../hosted/hosted-paths.js'
import { requires } from '../middleware/require-permission.js'
import {
  CustomerIdParamsSchema,
  errorResponses,
  IdempotencyHeadersSchema,
  KycLinkCreateRequestSchema,
  KycLinkResponseSchema,
  ListVerificationsQuerySchema,
  VerificationIdParamsSchema,
  type Verification,
  type VerificationListJson,
  VerificationListSchema,
  VerificationRequestSchema,
  VerificationSchema,
} from '@pp/contracts'
import { registerBeneficialOwnerRoutes } from './beneficial-owners.js'
import { registerBulkImportRoutes } from './bulk-import.js'
import { registerContactVerificationRoutes } from './contact-verification.js'
import { registerDocumentRoutes } from './documents.js'
import { registerInvitationRoutes } from './invitations.js'
import { registerScaRoutes } from './sca.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['KYC/KYB Verifications']

const createVerification = createRoute({
  method: 'post',
  path: '/verifications',
  operationId: 'createVerification',
  ...requires('MANAGE'),
  tags,
  summary: 'Submit a customer for verification (KYC or KYB) with the data on file',
  request: { body: jsonBody(VerificationRequestSchema) },
  responses: { 200: json(VerificationSchema, 'The submission; RESOLVE_ERRORS lists what is missing'), ...errorResponses(400, 404, 410) },
})

const getVerification = createRoute({
  method: 'get',
  path: '/verifications/{verificationId}',
  operationId: 'getVerification',
  ...requires('VIEW'),
  tags,
  summary: 'Get a verification',
  request: { params: VerificationIdParamsSchema },
  responses: { 200: json(VerificationSchema, 'The verification'), ...errorResponses(404) },
})

const listVerifications = createRoute({
  method: 'get',
  path: '/verifications',
  operationId: 'listVerifications',
  ...requires('VIEW'),
  tags,
  summary: 'List verifications, newest first, optionally of one customer or in one status',
  request: { query: ListVerificationsQuerySchema },
  responses: { 200: json(VerificationListSchema, 'A page of verifications'), ...errorResponses(400) },
})

const createKycLink = createRoute({
  method: 'post',
  path: '/customers/{customerId}/kyc-link',
  operationId: 'createCustomerKycLink',
  ...requires('MANAGE'),
  tags,
  summary: 'Generate a hosted KYC/KYB link for an existing customer',
  request: {
    params: CustomerIdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: { required: false, content: { 'application/json': { schema: KycLinkCreateRequestSchema } } },
  },
  responses: { 201: json(KycLinkResponseSchema, 'A fresh single-use link'), ...errorResponses(400, 404, 409, 410) },
})

export interface VerificationRouteOptions {
  /** Where the gateway is reachable from a customer's browser, e.g. https://api.example.com. */
  publicBaseUrl: string
}

/**
 * The verification API: verifications, hosted links, beneficial owners, documents, contact
 * verification, bulk import, UMA invitations and strong customer authentication, all served by
 * the customers service.
 */
export function registerVerificationRoutes(app: GatewayApp, clients: VerificationClients, options: VerificationRouteOptions): void {
  const { verifications, kycLinks } = clients
  app.openapi(createVerification, async (c) => {
    const { verificationJson } = await callUnary(verifications, verifications.createVerification, c.req.valid('json'), callContext(c))
    return ownedJson<Verification, 200>(c, verificationJson, 200)
  })
  app.openapi(getVerification, async (c) => {
    const { verificationJson } = await callUnary(verifications, verifications.getVerification, c.req.valid('param'), callContext(c))
    return ownedJson<Verification, 200>(c, verificationJson, 200)
  })
  app.openapi(listVerifications, async (c) => {
    const { pageJson } = await callUnary(verifications, verifications.listVerifications, c.req.valid('query'), callContext(c))
    return ownedJson<VerificationListJson, 200>(c, pageJson, 200)
  })
  app.openapi(createKycLink, async (c) => {
    const request = { customerId: c.req.valid('param').customerId, redirectUri: c.req.valid('json').redirectUri }
    const link = await callUnary(kycLinks, kycLinks.createKycLink, request, callContext(c))
    const kycUrl = hostedKycUrl(options.publicBaseUrl, link.linkToken, link.redirectUri)
    return c.json({ kycUrl, expiresAt: link.expiresAt!.toISOString(), provider: link.provider as 'SUMSUB', token: link.sdkToken }, 201)
  })
  registerBeneficialOwnerRoutes(app, clients.beneficialOwners)
  registerDocumentRoutes(app, clients.documents)
  registerContactVerificationRoutes(app, clients.contactVerification)
  registerBulkImportRoutes(app, clients.bulkImport)
  registerInvitationRoutes(app, clients.invitations)
  registerScaRoutes(app, clients.sca)
}
