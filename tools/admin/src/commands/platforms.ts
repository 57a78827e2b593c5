import { Environment as ProtoEnvironment, type IssuedToken } from '@pp/proto/platform/v1/platform'
import type { Platform } from '@pp/proto/platform/v1/operator'
import { environmentOption, parseCommandArgs, requiredString } from '../args.js'
import { table, timeText, type Command } from '../command.js'

const PROTO_ENVIRONMENT = { SANDBOX: ProtoEnvironment.ENVIRONMENT_SANDBOX, PRODUCTION: ProtoEnvironment.ENVIRONMENT_PRODUCTION }
// the operator's listing reads every platform a page at a time, up to this many
const LIST_PAGES_MAX = 1_000

const create: Command = {
  usage: '--name NAME [--regulated] [--environment SANDBOX|PRODUCTION]',
  summary: "create a platform and print its first API token (in SANDBOX unless told), whose secret is shown this once",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { name: { type: 'string' }, regulated: { type: 'boolean' }, environment: { type: 'string' } })
    const environment = environmentOption(parsed.values.environment ?? 'SANDBOX')
    const client = services.platformOperator()
    const created = await services.call(client, client.createPlatform, {
      name: requiredString(parsed, 'name'),
      isRegulatedFinancialInstitution: parsed.values.regulated === true,
      tokenEnvironment: PROTO_ENVIRONMENT[environment],
    })
    const platform = created.platform!
    const token = created.token as IssuedToken
    return {
      data: { platform, token: { ...token, environment } },
      text: [
        `Created platform ${platform.id} (${JSON.stringify(platform.name)}, ${platform.isRegulatedFinancialInstitution ? 'regulated' : 'unregulated'}).`,
        `${environment} API token ${token.id}, every permission:`,
        `  client id:     ${token.clientId}`,
        `  client secret: ${token.clientSecret}`,
        'The secret is shown this once: store it now. HTTP Basic takes the client id (or the token id) and the secret.',
      ].join('\n'),
    }
  },
}

const list: Command = {
  usage: '',
  summary: 'list every platform, oldest first',
  async run(args, services) {
    parseCommandArgs(args, {})
    const client = services.platformOperator()
    const platforms: Platform[] = []
    let cursor: string | undefined
    for (let page = 0; page < LIST_PAGES_MAX; page += 1) {
      const answer = await services.call(client, client.listPlatforms, { limit: 100, cursor })
      platforms.push(...answer.data)
      cursor = answer.nextCursor
      if (!answer.hasMore || !cursor) break
    }
    const rows = platforms.map((p) => [p.id, p.name, p.isRegulatedFinancialInstitution ? 'yes' : 'no', timeText(p.createdAt)])
    return { data: platforms, text: platforms.length === 0 ? 'No platforms.' : table(['ID', 'NAME', 'REGULATED', 'CREATED'], rows) }
  },
}

export const platformCommands = { create, list }
