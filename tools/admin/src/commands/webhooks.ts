import { environmentOption, parseCommandArgs, requiredString, type ParsedArgs } from '../args.js'
import type { Command } from '../command.js'

/** The API's WebhookEndpointStatus, as far as the text names it. */
interface EndpointStatus {
  url?: string
  status: string
  consecutiveFailures: number
  pausedAt?: string
  nextProbeAt?: string
  heldDeliveryCount: number
}

const OPTIONS = { platform: { type: 'string' }, environment: { type: 'string' } } as const

const endpointOf = (parsed: ParsedArgs) => ({ platformId: requiredString(parsed, 'platform'), environment: environmentOption(parsed.values.environment) })

function describe(endpoint: EndpointStatus): string {
  const lines = [`${endpoint.status}: ${endpoint.url ?? 'no webhookEndpoint configured'}`]
  if (endpoint.consecutiveFailures > 0) lines.push(`${endpoint.consecutiveFailures} failed attempts in a row`)
  if (endpoint.pausedAt) lines.push(`paused since ${endpoint.pausedAt}${endpoint.nextProbeAt ? `, next probe at ${endpoint.nextProbeAt}` : ''}`)
  lines.push(`${endpoint.heldDeliveryCount} deliveries held`)
  return lines.join('\n')
}

/** A command on one platform's endpoint in one environment, answering where the endpoint stands after it. */
function endpointCommand(summary: string, call: 'getPlatformEndpoint' | 'resumePlatformEndpoint', heading?: string): Command {
  return {
    usage: '--platform ID --environment SANDBOX|PRODUCTION',
    summary,
    async run(args, services) {
      const client = services.webhooksOperator()
      const { endpointJson } = await services.call(client, client[call], endpointOf(parseCommandArgs(args, OPTIONS)))
      const endpoint = JSON.parse(endpointJson) as EndpointStatus
      return { data: endpoint, text: [heading, describe(endpoint)].filter(Boolean).join('\n') }
    },
  }
}

const status = endpointCommand(
  "show where a platform's webhook endpoint stands: active, failing, paused (since when, the next probe) or not configured",
  'getPlatformEndpoint',
)

const resume = endpointCommand(
  'resume a paused webhook endpoint now, as its first 2xx would: the deliveries it held go out, oldest first',
  'resumePlatformEndpoint',
  'Resumed.',
)

export const webhookCommands = { status, resume }
