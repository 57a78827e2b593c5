import { parseCommandArgs, requiredString } from '../args.js'
import { table, timeText, type Command } from '../command.js'

/**
 * The production ACH rail (payments, issue 27): a file and a fetch on demand, beside the cut-offs
 * and fetch times the payments service keeps by itself, and the operator queue of what the bank
 * sent back that the rail did not apply by itself (docs/production.md).
 */
const buildFile: Command = {
  usage: '',
  summary: 'build and send an ACH file now of every payout waiting for one (a file a crash left unsent goes first)',
  async run(args, services) {
    parseCommandArgs(args, {})
    const client = services.paymentsOperator()
    const { files } = await services.call(client, client.buildAchFile, {})
    const rows = files.map((f) => [f.name, String(f.entryCount), f.totalCredit.toString()])
    return { data: files, text: files.length === 0 ? 'No payout waits for an ACH file.' : table(['FILE', 'ENTRIES', 'CREDIT (CENTS)'], rows) }
  },
}

const fetchInbound: Command = {
  usage: '',
  summary: "read the bank's inbound folder now: returns and notifications of change, each file once",
  async run(args, services) {
    parseCommandArgs(args, {})
    const client = services.paymentsOperator()
    const { files } = await services.call(client, client.fetchAchInbound, {})
    const rows = files.map((f) => [f.name, f.processed ? 'processed' : 'already processed', String(f.returns), String(f.notifications), String(f.unmatched)])
    return { data: files, text: files.length === 0 ? 'No new inbound file.' : table(['FILE', 'STATE', 'RETURNS', 'CHANGES', 'FOR AN OPERATOR'], rows) }
  },
}

const items: Command = {
  usage: '[--resolved] [--limit N]',
  summary: 'list the ACH items kept for an operator (unmatched returns, notifications of change, unreadable entries), oldest first',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { resolved: { type: 'boolean' }, limit: { type: 'string' } })
    const client = services.paymentsOperator()
    const limit = parsed.values.limit === undefined ? 100 : Number(parsed.values.limit)
    const { items: found } = await services.call(client, client.listAchItems, { status: parsed.values.resolved ? 'RESOLVED' : 'OPEN', limit })
    const rows = found.map((i) => [i.id, i.kind, i.code ?? '-', i.traceNumber ?? '-', i.transactionId ?? '-', timeText(i.createdAt), i.resolution ?? i.problem])
    return { data: found, text: found.length === 0 ? 'No ACH items.' : table(['ID', 'KIND', 'CODE', 'TRACE', 'TRANSACTION', 'CREATED', 'PROBLEM / RESOLUTION'], rows) }
  },
}

const resolve: Command = {
  usage: '<AchItemId> --resolution TEXT',
  summary: 'close an ACH item with what was done about it (the words are kept as the record of the decision)',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { resolution: { type: 'string' } }, 1)
    const client = services.paymentsOperator()
    const [id] = parsed.positionals as [string]
    const { item } = await services.call(client, client.resolveAchItem, { id, resolution: requiredString(parsed, 'resolution') })
    return { data: item, text: `ACH item ${item!.id} resolved: ${item!.resolution}` }
  },
}

export const achCommands = { 'build-file': buildFile, fetch: fetchInbound, items, resolve }
