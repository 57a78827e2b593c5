import pg from 'pg'
import { balanceOf, ledgerBooks, type PaymentsWorld } from '../e2e/payments-support.js'
import type { Party, Payment } from './money-load.js'

/** A transaction of the platform as the payments service's database holds it. */
interface TransactionRow {
  id: string
  type: 'INCOMING' | 'OUTGOING'
  status: string
  stage: string
  sent_amount: string
  received_amount: string
}

export async function transactionsOf(world: PaymentsWorld): Promise<TransactionRow[]> {
  const client = new pg.Client({ connectionString: world.mesh.databaseUrl('payments') })
  await client.connect()
  try {
    const { rows } = await client.query<TransactionRow>(
      'SELECT id, type, status, stage, sent_amount::text, received_amount::text FROM transactions WHERE platform_id = $1',
      [world.platformId],
    )
    return rows
  } finally {
    await client.end()
  }
}

/** Accepted payments whose transaction still owes a step or waits (stage DONE is final). */
export async function unfinished(world: PaymentsWorld, payments: Payment[]): Promise<string[]> {
  const done = new Set((await transactionsOf(world)).filter((t) => t.stage === 'DONE').map((t) => t.id))
  return payments.filter((p) => p.outcome === 'ACCEPTED' && !done.has(p.transactionId!)).map((p) => p.transactionId!)
}

export interface WebhookTally {
  /** Transactions whose final status was never announced. */
  missing: string[]
  /** (transaction, status) pairs announced by more than one webhook (distinct event ids). */
  duplicated: string[]
  /** Deliveries of an event id already delivered: allowed by at-least-once delivery, dropped by receivers. */
  redelivered: number
}

/** The final-status webhook of every transaction, once. */
export function tallyWebhooks(world: PaymentsWorld, transactions: TransactionRow[]): WebhookTally {
  const deliveries = new Map<string, number>()
  const eventsOf = new Map<string, Set<string>>()
  for (const webhook of world.webhooks) {
    const transaction = webhook.body?.transaction as { id?: string; status?: string } | undefined
    if (!transaction?.id) continue
    const eventId = String(webhook.headers['x-service-event-id'])
    deliveries.set(eventId, (deliveries.get(eventId) ?? 0) + 1)
    const about = `${transaction.id} ${transaction.status}`
    eventsOf.set(about, (eventsOf.get(about) ?? new Set()).add(eventId))
  }
  return {
    missing: transactions.filter((t) => t.stage === 'DONE' && !eventsOf.has(`${t.id} ${t.status}`)).map((t) => `${t.id} ${t.status}`),
    duplicated: [...eventsOf].filter(([, events]) => events.size > 1).map(([about]) => about),
    redelivered: [...deliveries.values()].reduce((sum, n) => sum + n - 1, 0),
  }
}

export interface MoneyVerdict {
  /** Transactions moved more than their payment allows: outgoing transactions no accepted payment names, incoming ones beyond the credits made. */
  executedTwice: string[]
  /** Per account, |balance - (funded - sent + received)|, summed; and holds left open. */
  centsOff: number
  accountsOff: string[]
  booksUnbalanced: string[]
}

/**
 * The money once every payment is final: each account holds what it was funded, less what its
 * completed payments sent, plus what completed internal payments brought it; the ledger's books
 * balance in every currency; and no payment left a second transaction behind.
 */
export async function judgeMoney(world: PaymentsWorld, parties: Party[], funded: Map<string, number>, payments: Payment[]): Promise<MoneyVerdict> {
  const transactions = new Map((await transactionsOf(world)).map((t) => [t.id, t]))
  const expected = new Map(funded)
  const accepted = payments.filter((p) => p.outcome === 'ACCEPTED')
  for (const payment of accepted) {
    const transaction = transactions.get(payment.transactionId!)
    if (transaction?.status !== 'COMPLETED') continue
    expected.set(payment.from, expected.get(payment.from)! - Number(transaction.sent_amount))
    if (payment.kind === 'INTERNAL') expected.set(payment.to, expected.get(payment.to)! + Number(transaction.received_amount))
  }
  const acceptedIds = new Set(accepted.map((p) => p.transactionId))
  const outgoing = [...transactions.values()].filter((t) => t.type === 'OUTGOING')
  const incoming = [...transactions.values()].filter((t) => t.type === 'INCOMING')
  const internalCompleted = accepted.filter((p) => p.kind === 'INTERNAL' && transactions.get(p.transactionId!)?.status === 'COMPLETED').length
  const executedTwice = outgoing.filter((t) => !acceptedIds.has(t.id)).map((t) => t.id)
  if (incoming.length > funded.size + internalCompleted) executedTwice.push(`${incoming.length - funded.size - internalCompleted} incoming transactions too many`)

  let centsOff = 0
  const accountsOff: string[] = []
  for (const party of parties) {
    for (const currency of ['USD', 'EUR']) {
      const account = party.customer.accounts[currency]!
      const balance = await balanceOf(world, party.customer, currency)
      const off = Math.abs(balance.total - expected.get(account)!) + Math.abs(balance.available - balance.total)
      if (off > 0) accountsOff.push(`${account}: ${JSON.stringify(balance)}, expected ${expected.get(account)}`)
      centsOff += off
    }
  }
  const books = await ledgerBooks(world)
  const booksUnbalanced = books.totals
    .filter((row) => row.debits_posted !== row.credits_posted || row.debits_pending !== '0' || row.credits_pending !== '0')
    .map((row) => JSON.stringify(row))
  return { executedTwice, centsOff, accountsOff, booksUnbalanced }
}
