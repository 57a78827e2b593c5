import { parseCommandArgs, requiredString } from '../args.js'
import { table, timeText, type Command } from '../command.js'
import type { Services } from '../services.js'

type Operator = ReturnType<Services['paymentsOperator']>
type InboundRead = { name: string; processed: boolean; returns: number; notifications: number; settled: number; unmatched: number }

/** What differs between the bank rails' commands: the rail's name, its on-demand file and fetch, and how the file's rows read. */
interface RailCommands {
  rail: 'ACH' | 'SEPA'
  /** What a file carries and what the bank sends back, for the summaries. */
  file: string
  answers: string
  itemKinds: string
  buildFile(services: Services, client: Operator): Promise<{ data: unknown; rows: string[][] }>
  fetch(services: Services, client: Operator): Promise<InboundRead[]>
  fileColumns: string[]
}

/**
 * A production bank rail of payments (issue 27): a file and a fetch on demand, beside the cut-offs
 * and fetch times the payments service keeps by itself, and the operator queue of what the bank
 * sent back that the rail did not apply by itself (docs/production.md).
 */
function railCommands(rail: RailCommands): Record<string, Command> {
  const buildFile: Command = {
    usage: '',
    summary: `build and send a ${rail.file} now of every payout waiting for one (a file a crash left unsent goes first)`,
    async run(args, services) {
      parseCommandArgs(args, {})
      const { data, rows } = await rail.buildFile(services, services.paymentsOperator())
      return { data, text: rows.length === 0 ? `No payout waits for a ${rail.file}.` : table(rail.fileColumns, rows) }
    },
  }
  const fetchInbound: Command = {
    usage: '',
    summary: `read the bank's inbound folder now: ${rail.answers}, each file once`,
    async run(args, services) {
      parseCommandArgs(args, {})
      const files = await rail.fetch(services, services.paymentsOperator())
      const rows = files.map((f) => [f.name, f.processed ? 'processed' : 'already processed', String(f.returns), String(f.notifications), String(f.settled), String(f.unmatched)])
      return { data: files, text: files.length === 0 ? 'No new inbound file.' : table(['FILE', 'STATE', 'FAILED', 'CHANGES', 'SETTLED', 'FOR AN OPERATOR'], rows) }
    },
  }
  const items: Command = {
    usage: '[--resolved] [--limit N]',
    summary: `list the ${rail.rail} items kept for an operator (${rail.itemKinds}), oldest first`,
    async run(args, services) {
      const parsed = parseCommandArgs(args, { resolved: { type: 'boolean' }, limit: { type: 'string' } })
      const client = services.paymentsOperator()
      const limit = parsed.values.limit === undefined ? 100 : Number(parsed.values.limit)
      const { items: found } = await services.call(client, client.listBankRailItems, { status: parsed.values.resolved ? 'RESOLVED' : 'OPEN', limit, rail: rail.rail })
      const rows = found.map((i) => [i.id, i.kind, i.code ?? '-', i.reference ?? '-', i.transactionId ?? '-', timeText(i.createdAt), i.resolution ?? i.problem])
      return { data: found, text: found.length === 0 ? `No ${rail.rail} items.` : table(['ID', 'KIND', 'CODE', 'REFERENCE', 'TRANSACTION', 'CREATED', 'PROBLEM / RESOLUTION'], rows) }
    },
  }
  const resolve: Command = {
    usage: `<${rail.rail === 'ACH' ? 'AchItem' : 'SepaItem'}Id> --resolution TEXT`,
    summary: `close a ${rail.rail} item with what was done about it (the words are kept as the record of the decision)`,
    async run(args, services) {
      const parsed = parseCommandArgs(args, { resolution: { type: 'string' } }, 1)
      const client = services.paymentsOperator()
      const [id] = parsed.positionals as [string]
      const { item } = await services.call(client, client.resolveBankRailItem, { id, resolution: requiredString(parsed, 'resolution') })
      return { data: item, text: `${rail.rail} item ${item!.id} resolved: ${item!.resolution}` }
    },
  }
  return { 'build-file': buildFile, fetch: fetchInbound, items, resolve }
}

export const achCommands = railCommands({
  rail: 'ACH',
  file: 'NACHA file',
  answers: 'returns and notifications of change',
  itemKinds: 'unmatched returns, notifications of change, unreadable entries',
  fileColumns: ['FILE', 'ENTRIES', 'CREDIT (CENTS)'],
  async buildFile(services, client) {
    const { files } = await services.call(client, client.buildAchFile, {})
    return { data: files, rows: files.map((f) => [f.name, String(f.entryCount), f.totalCredit.toString()]) }
  },
  fetch: async (services, client) => (await services.call(client, client.fetchAchInbound, {})).files,
})

export const sepaCommands = railCommands({
  rail: 'SEPA',
  file: 'pain.001 file',
  answers: 'pain.002 status reports and camt.054/053 notifications',
  itemKinds: 'unmatched rejections and debits, booked credits, unreadable files',
  fileColumns: ['FILE', 'MESSAGE ID', 'TRANSFERS', 'TOTAL (EUR CENTS)'],
  async buildFile(services, client) {
    const { files } = await services.call(client, client.buildSepaFile, {})
    return { data: files, rows: files.map((f) => [f.name, f.messageId, String(f.entryCount), f.totalCents.toString()]) }
  },
  fetch: async (services, client) => (await services.call(client, client.fetchSepaInbound, {})).files,
})
