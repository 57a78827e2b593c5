import type { Tenant } from '../types.js'

/** What this service keeps of a tenant's platform configuration: where its webhooks go, and which. */
export interface EndpointConfig {
  /** The webhookEndpoint; undefined while none is configured. */
  url?: string
  /** Whether the webhook types this service adds beyond the reference are sent (`extendedWebhookTypes`). */
  extendedTypes: boolean
  /** The configuration's updatedAt: a configuration older than the one kept never replaces it. */
  updatedAt: Date
}

/** Where a tenant's configuration is read when no event has named the tenant yet: the platform service. */
export interface PlatformConfigSource {
  /** The tenant's configuration now; `UNCONFIGURED` for a platform the platform service does not know. */
  configOf(tenant: Tenant): Promise<EndpointConfig>
}

/** A tenant with no configuration at all: no endpoint, the reference's types only, older than any real one. */
export const UNCONFIGURED: EndpointConfig = { extendedTypes: false, updatedAt: new Date(0) }

/**
 * The fields this service needs of a PlatformConfig as the API shows it, the value both the
 * platform service's answer and its PLATFORM.CONFIG_UPDATED event carry. Undefined when the value
 * is not one (no updatedAt), so a malformed event changes nothing.
 */
export function endpointConfigOf(view: unknown): EndpointConfig | undefined {
  const config = (view ?? {}) as { webhookEndpoint?: unknown; extendedWebhookTypes?: unknown; updatedAt?: unknown }
  const updatedAt = typeof config.updatedAt === 'string' ? new Date(config.updatedAt) : undefined
  if (!updatedAt || Number.isNaN(updatedAt.getTime())) return undefined
  return {
    ...(typeof config.webhookEndpoint === 'string' && config.webhookEndpoint !== '' && { url: config.webhookEndpoint }),
    extendedTypes: config.extendedWebhookTypes === true,
    updatedAt,
  }
}
