import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses, type PlatformConfig, PlatformConfigSchema, PlatformConfigUpdateRequestSchema } from '@pp/contracts'
import { updateRequestToProto } from './config-mapping.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const getConfig = createRoute({
  method: 'get',
  path: '/config',
  operationId: 'getPlatformConfig',
  ...requires('VIEW'),
  tags: ['Platform Configuration'],
  summary: 'Get the platform configuration of the calling environment',
  responses: { 200: json(PlatformConfigSchema, 'The configuration'), ...errorResponses() },
})

const patchConfig = createRoute({
  method: 'patch',
  path: '/config',
  operationId: 'updatePlatformConfig',
  ...requires('MANAGE'),
  tags: ['Platform Configuration'],
  summary: 'Update the platform configuration; omitted fields stay unchanged',
  request: { body: jsonBody(PlatformConfigUpdateRequestSchema) },
  responses: { 200: json(PlatformConfigSchema, 'The updated configuration'), ...errorResponses(400, 501) },
})

export function registerConfigRoutes(app: GatewayApp, platform: PlatformServiceClient): void {
  app.openapi(getConfig, async (c) => {
    const { configJson } = await callUnary(platform, platform.getPlatformConfig, {}, callContext(c))
    return ownedJson<PlatformConfig, 200>(c, configJson, 200)
  })
  app.openapi(patchConfig, async (c) => {
    const request = updateRequestToProto(c.req.valid('json'))
    const { configJson } = await callUnary(platform, platform.updatePlatformConfig, request, callContext(c))
    return ownedJson<PlatformConfig, 200>(c, configJson, 200)
  })
}
