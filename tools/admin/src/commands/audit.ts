import type { OperatorAction } from '@pp/proto/platform/v1/operator'
import { limitOption, parseCommandArgs } from '../args.js'
import { table, timeText, type Command } from '../command.js'

const LIMIT_DEFAULT = 50
const LIMIT_MAX = 100

const list: Command = {
  usage: `[--limit N]`,
  summary: `the operator audit log, newest first: who ran which command, when and how it ended (${LIMIT_DEFAULT} entries unless told, at most ${LIMIT_MAX})`,
  async run(args, services) {
    const parsed = parseCommandArgs(args, { limit: { type: 'string' } })
    const limit = limitOption(parsed.values.limit, LIMIT_DEFAULT, LIMIT_MAX)
    const client = services.platformOperator()
    const page = await services.call(client, client.listOperatorActions, { limit })
    const row = (action: OperatorAction) => [
      timeText(action.recordedAt), action.operator, [action.command, ...action.arguments].join(' '), action.outcome + (action.errorCode ? ` ${action.errorCode}` : ''), action.requestId,
    ]
    return { data: page.data, text: table(['RECORDED', 'OPERATOR', 'COMMAND', 'OUTCOME', 'REQUEST'], page.data.map(row)) }
  },
}

export const auditCommands: Record<string, Command> = { list }
