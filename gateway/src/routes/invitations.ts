import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { InvitationsServiceClient } from '@pp/proto/customers/v1/invitations'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  errorResponses,
  InvitationCodeParamsSchema,
  UmaInvitationClaimRequestSchema,
  UmaInvitationCreateRequestSchema,
  type UmaInvitation,
  UmaInvitationSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Invitations']

const createInvitation = createRoute({
  method: 'post',
  path: '/invitations',
  operationId: 'createInvitation',
  ...requires('MANAGE'),
  tags,
  summary: "Create an UMA invitation from one of the platform's customers",
  description: "Needs the platform's umaDomain (PATCH /config): 400 INVITATIONS_NOT_CONFIGURED otherwise.",
  request: { body: jsonBody(UmaInvitationCreateRequestSchema) },
  responses: { 201: json(UmaInvitationSchema, 'The invitation'), ...errorResponses(400) },
})

const getInvitation = createRoute({
  method: 'get',
  path: '/invitations/{invitationCode}',
  operationId: 'getInvitation',
  ...requires('VIEW'),
  tags,
  summary: 'Get an invitation by its code',
  request: { params: InvitationCodeParamsSchema },
  responses: { 200: json(UmaInvitationSchema, 'The invitation'), ...errorResponses(404) },
})

const claimInvitation = createRoute({
  method: 'post',
  path: '/invitations/{invitationCode}/claim',
  operationId: 'claimInvitation',
  ...requires('MANAGE'),
  tags,
  summary: 'Claim an invitation for an UMA address; single use, sends the invitation-claimed webhook',
  request: { params: InvitationCodeParamsSchema, body: jsonBody(UmaInvitationClaimRequestSchema) },
  responses: { 200: json(UmaInvitationSchema, 'The claimed invitation'), ...errorResponses(400, 404) },
})

const cancelInvitation = createRoute({
  method: 'post',
  path: '/invitations/{invitationCode}/cancel',
  operationId: 'cancelInvitation',
  ...requires('MANAGE'),
  tags,
  summary: 'Cancel a pending invitation',
  request: { params: InvitationCodeParamsSchema },
  responses: { 200: json(UmaInvitationSchema, 'The cancelled invitation'), ...errorResponses(400, 404) },
})

/** UMA invitations, served by the customers service. */
export function registerInvitationRoutes(app: GatewayApp, invitations: InvitationsServiceClient): void {
  const code = (params: { invitationCode: string }) => params.invitationCode
  app.openapi(createInvitation, async (c) => {
    const body = c.req.valid('json')
    const request = {
      inviterUma: body.inviterUma,
      firstName: body.firstName,
      amountToSend: body.amountToSend === undefined ? undefined : BigInt(body.amountToSend),
      expiresAt: body.expiresAt === undefined ? undefined : new Date(body.expiresAt),
    }
    const { invitationJson } = await callUnary(invitations, invitations.createInvitation, request, callContext(c))
    return ownedJson<UmaInvitation, 201>(c, invitationJson, 201)
  })
  app.openapi(getInvitation, async (c) => {
    const { invitationJson } = await callUnary(invitations, invitations.getInvitation, { code: code(c.req.valid('param')) }, callContext(c))
    return ownedJson<UmaInvitation, 200>(c, invitationJson, 200)
  })
  app.openapi(claimInvitation, async (c) => {
    const request = { code: code(c.req.valid('param')), inviteeUma: c.req.valid('json').inviteeUma }
    const { invitationJson } = await callUnary(invitations, invitations.claimInvitation, request, callContext(c))
    return ownedJson<UmaInvitation, 200>(c, invitationJson, 200)
  })
  app.openapi(cancelInvitation, async (c) => {
    const { invitationJson } = await callUnary(invitations, invitations.cancelInvitation, { code: code(c.req.valid('param')) }, callContext(c))
    return ownedJson<UmaInvitation, 200>(c, invitationJson, 200)
  })
}
