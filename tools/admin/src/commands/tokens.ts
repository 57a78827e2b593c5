import { isApiError } from '@pp/errors'
import { Permission } from '@pp/proto/platform/v1/platform'
import { ENVIRONMENTS, type Environment } from '@pp/tenancy'
import { environmentOption, parseCommandArgs, requiredString, UsageError } from '../args.js'
import { table, type Command } from '../command.js'
import type { Services } from '../services.js'

/**
 * A platform's API tokens through the platform service's own token calls (those of /tokens),
 * under the tenant the operator names: a revocation is the API's deletion, whose TOKEN.DELETED
 * event makes every gateway replica forget the token at once.
 */

/** The API's ApiToken, as the platform service answers it. */
interface ApiToken {
  id: string
  name: string
  permissions: string[]
  clientId: string
  clientSecret?: string
  createdAt: string
  updatedAt: string
}

const PERMISSIONS: Record<string, Permission> = {
  VIEW: Permission.PERMISSION_VIEW,
  TRANSACT: Permission.PERMISSION_TRANSACT,
  MANAGE: Permission.PERMISSION_MANAGE,
}
const LIST_PAGES_MAX = 100

function permissionsOption(value: string | boolean | undefined): Permission[] {
  if (value === undefined) return Object.values(PERMISSIONS)
  const names = String(value).split(',').map((name) => name.trim().toUpperCase())
  const unknown = names.filter((name) => !(name in PERMISSIONS))
  if (unknown.length > 0 || names.length === 0) throw new UsageError(`--permissions takes a comma-separated list of ${Object.keys(PERMISSIONS).join(', ')}`)
  return names.map((name) => PERMISSIONS[name]!)
}

const issue: Command = {
  usage: '--platform ID --environment SANDBOX|PRODUCTION [--name NAME] [--permissions VIEW,TRANSACT,MANAGE]',
  summary: "issue a platform a new API token (every permission unless told), whose secret is shown this once",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { platform: { type: 'string' }, environment: { type: 'string' }, name: { type: 'string' }, permissions: { type: 'string' } })
    const tenant = { platformId: requiredString(parsed, 'platform'), environment: environmentOption(parsed.values.environment) }
    const client = services.platform()
    const request = { name: typeof parsed.values.name === 'string' ? parsed.values.name : 'operator token', permissions: permissionsOption(parsed.values.permissions) }
    const token = JSON.parse((await services.call(client, client.createToken, request, tenant)).tokenJson) as ApiToken
    return {
      data: { ...token, environment: tenant.environment },
      text: [
        `${tenant.environment} API token ${token.id} (${JSON.stringify(token.name)}: ${token.permissions.join(', ')}) for ${tenant.platformId}:`,
        `  client id:     ${token.clientId}`,
        `  client secret: ${token.clientSecret}`,
        'The secret is shown this once: store it now.',
      ].join('\n'),
    }
  },
}

async function tokensOf(services: Services, platformId: string, environment: Environment): Promise<(ApiToken & { environment: Environment })[]> {
  const client = services.platform()
  const tokens: (ApiToken & { environment: Environment })[] = []
  let cursor: string | undefined
  for (let page = 0; page < LIST_PAGES_MAX; page += 1) {
    const { pageJson } = await services.call(client, client.listTokens, { limit: 100, cursor }, { platformId, environment })
    const answer = JSON.parse(pageJson) as { data: ApiToken[]; hasMore: boolean; nextCursor?: string }
    tokens.push(...answer.data.map((token) => ({ ...token, environment })))
    cursor = answer.nextCursor
    if (!answer.hasMore || !cursor) break
  }
  return tokens
}

const list: Command = {
  usage: '--platform ID [--environment SANDBOX|PRODUCTION]',
  summary: "list a platform's live API tokens (of both environments unless told), newest first",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { platform: { type: 'string' }, environment: { type: 'string' } })
    const platformId = requiredString(parsed, 'platform')
    const environments = parsed.values.environment === undefined ? ENVIRONMENTS : [environmentOption(parsed.values.environment)]
    const tokens = (await Promise.all(environments.map((environment) => tokensOf(services, platformId, environment)))).flat()
    const rows = tokens.map((t) => [t.id, t.environment, t.name, t.permissions.join(','), t.clientId, t.createdAt])
    return { data: tokens, text: tokens.length === 0 ? 'No live tokens.' : table(['ID', 'ENVIRONMENT', 'NAME', 'PERMISSIONS', 'CLIENT ID', 'CREATED'], rows) }
  },
}

const revoke: Command = {
  usage: '--platform ID --token TOKEN_ID [--environment SANDBOX|PRODUCTION]',
  summary: 'revoke an API token: every gateway refuses it at once (its environment is found unless told)',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { platform: { type: 'string' }, token: { type: 'string' }, environment: { type: 'string' } })
    const platformId = requiredString(parsed, 'platform')
    const tokenId = requiredString(parsed, 'token')
    const environments = parsed.values.environment === undefined ? ENVIRONMENTS : [environmentOption(parsed.values.environment)]
    const environment = await deleteIn(services, platformId, tokenId, environments)
    return { data: { tokenId, platformId, environment, revoked: true }, text: `Revoked ${environment} token ${tokenId} of ${platformId}.` }
  },
}

/** Deletes the token in the first of `environments` that holds it: a token lives in one environment. */
async function deleteIn(services: Services, platformId: string, tokenId: string, environments: readonly Environment[]): Promise<Environment> {
  const client = services.platform()
  let notFound: unknown
  for (const environment of environments) {
    try {
      await services.call(client, client.deleteToken, { tokenId }, { platformId, environment })
      return environment
    } catch (err) {
      if (!(isApiError(err) && err.code === 'TOKEN_NOT_FOUND')) throw err
      notFound = err
    }
  }
  throw notFound
}

export const tokenCommands = { issue, list, revoke }
