import { ApiError } from '@pp/errors'
import { isEnvironment } from '@pp/tenancy'
import { resumeEndpoint as resume } from '../../db/endpoint-states.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { getEndpointStatus, type EndpointStatusView } from './endpoint-status.js'

/**
 * The operator ends a pause at once, as the endpoint's first 2xx would: its failures are
 * forgotten and what it held goes out, oldest first. Answers where the endpoint stands after.
 */
export async function resumeEndpoint(deps: Pick<WebhooksDeps, 'sql' | 'attemptsSql' | 'endpointDirectory'>, input: { platformId: string; environment: string }): Promise<EndpointStatusView> {
  const tenant = operatorTenant(input)
  const { url } = await deps.endpointDirectory.current(tenant)
  if (!url) throw new ApiError('WEBHOOK_ENDPOINT_NOT_SET', 'The platform has no webhookEndpoint: its deliveries wait for one to be set', { ...tenant })
  await resume(deps.attemptsSql, tenant)
  return getEndpointStatus(deps, tenant)
}

/** The tenant an operator's call names, checked: the operator's tool is no gateway that did so. */
export function operatorTenant(input: { platformId: string; environment: string }): Tenant {
  const errors = [
    ...(input.platformId ? [] : [{ field: 'platformId', message: 'required' }]),
    ...(isEnvironment(input.environment) ? [] : [{ field: 'environment', message: 'SANDBOX or PRODUCTION' }]),
  ]
  if (errors.length > 0) throw new ApiError('INVALID_INPUT', 'A platform and an environment are required', { errors })
  return { platformId: input.platformId, environment: input.environment as Tenant['environment'] }
}
