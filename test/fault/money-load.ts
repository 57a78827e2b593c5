import { setTimeout as sleep } from 'node:timers/promises'
import { createCustomer, euroExternalAccount, fund, type Customer, type PaymentsWorld } from '../e2e/payments-support.js'

/**
 * Money load through the gateway, as a careful platform sends it: every payment is a quote
 * executed at once with its own Idempotency-Key, retried with the same key while the answer says
 * nothing definite (no answer, 5xx, 429, a 409 racing its own retry), so each payment ends
 * ACCEPTED (it has a transaction), REFUSED (a definite 4xx) or UNANSWERED (still no answer when
 * the client gives up).
 */

/** The sandbox paths a payment takes, by its accounts and the external account's last digits. */
export type PaymentKind =
  /** USD to another customer's USD account: COMPLETED at once. */
  | 'INTERNAL'
  /** USD to a EUR account ending 003: PROCESSING, then COMPLETED after the settlement delay. */
  | 'PAYOUT_SETTLES'
  /** EUR to a EUR account ending 005: PROCESSING, then FAILED with the hold released. */
  | 'PAYOUT_FAILS'
  /** USD to a EUR account ending 005: COMPLETED, then returned: FAILED with the money refunded. */
  | 'PAYOUT_RETURNED'

const KINDS: PaymentKind[] = ['INTERNAL', 'INTERNAL', 'INTERNAL', 'PAYOUT_SETTLES', 'PAYOUT_FAILS', 'PAYOUT_RETURNED']

export interface Party {
  customer: Customer
  /** EUR external accounts by suffix. */
  settles: string
  fails: string
}

export interface Payment {
  key: string
  kind: PaymentKind
  from: string
  to: string
  amount: number
  outcome?: 'ACCEPTED' | 'REFUSED' | 'UNANSWERED'
  transactionId?: string
  /** The last answer that was not an acceptance. */
  lastAnswer?: string
  attempts: number
}

/** mulberry32: a small seeded generator, so a seed replays the same payments and the same faults. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

export const FUNDING = 10_000_000

/** Customers with USD and EUR funded and the two EUR payout accounts each; `funded` is what each account got. */
export async function prepareParties(world: PaymentsWorld, count: number): Promise<{ parties: Party[]; funded: Map<string, number> }> {
  const funded = new Map<string, number>()
  const parties = await Promise.all(
    Array.from({ length: count }, async () => {
      const customer = await createCustomer(world)
      for (const currency of ['USD', 'EUR']) {
        await fund(world, customer.accounts[currency]!, FUNDING)
        funded.set(customer.accounts[currency]!, FUNDING)
      }
      const [settles, fails] = await Promise.all([euroExternalAccount(world, customer.id, '003'), euroExternalAccount(world, customer.id, '005')])
      return { customer, settles, fails }
    }),
  )
  return { parties, funded }
}

export interface LoadOptions {
  clients: number
  /** Payments started per second, all clients together. */
  ratePerSecond: number
  random: () => number
  /** How long one payment is retried before it counts as UNANSWERED. */
  answerWithinMs: number
}

export interface RunningLoad {
  payments: Payment[]
  /** Starts no new payment and waits until every one started has its outcome. */
  stop(): Promise<void>
}

export function startMoneyLoad(world: PaymentsWorld, parties: Party[], options: LoadOptions): RunningLoad {
  const payments: Payment[] = []
  let stopping = false
  const pick = <T>(items: T[]): T => items[Math.floor(options.random() * items.length)]!
  const nextPayment = (): Payment => {
    const kind = pick(KINDS)
    const payer = pick(parties)
    const payee = pick(parties.filter((p) => p !== payer))
    const routes: Record<PaymentKind, [string, string]> = {
      INTERNAL: [payer.customer.accounts.USD!, payee.customer.accounts.USD!],
      PAYOUT_SETTLES: [payer.customer.accounts.USD!, payer.settles],
      PAYOUT_FAILS: [payer.customer.accounts.EUR!, payer.fails],
      PAYOUT_RETURNED: [payer.customer.accounts.USD!, payer.fails],
    }
    const [from, to] = routes[kind]
    const payment: Payment = { key: `fault-${payments.length}-${Math.floor(options.random() * 1e9)}`, kind, from, to, amount: 100 + Math.floor(options.random() * 900), attempts: 0 }
    payments.push(payment)
    return payment
  }
  const pauseMs = (1_000 * options.clients) / options.ratePerSecond
  const client = async (): Promise<void> => {
    while (!stopping) {
      const started = Date.now()
      await submit(world, nextPayment(), options.answerWithinMs)
      await sleep(Math.max(0, pauseMs - (Date.now() - started)))
    }
  }
  const clients = Array.from({ length: options.clients }, client)
  return {
    payments,
    async stop() {
      stopping = true
      await Promise.all(clients)
    },
  }
}

const isUndecided = (status: number, code: unknown): boolean => status === 0 || status >= 500 || status === 429 || (status === 409 && code === 'CONFLICT')

async function submit(world: PaymentsWorld, payment: Payment, answerWithinMs: number): Promise<void> {
  const body = {
    source: { sourceType: 'ACCOUNT', accountId: payment.from },
    destination: { destinationType: 'ACCOUNT', accountId: payment.to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: payment.amount,
    immediatelyExecute: true,
  }
  const giveUpAt = Date.now() + answerWithinMs
  for (;;) {
    payment.attempts += 1
    const answer = await world
      .api('POST', '/quotes', body, { 'Idempotency-Key': payment.key })
      .catch((err: Error) => ({ status: 0, body: { code: 'NO_ANSWER', message: err.message } }))
    if (answer.status === 201 || answer.status === 200) {
      payment.outcome = 'ACCEPTED'
      payment.transactionId = answer.body.transactionId as string
      return
    }
    payment.lastAnswer = `${answer.status} ${answer.body?.code ?? ''}`.trim()
    if (!isUndecided(answer.status, answer.body?.code)) {
      payment.outcome = 'REFUSED'
      return
    }
    if (Date.now() > giveUpAt) {
      payment.outcome = 'UNANSWERED'
      return
    }
    await sleep(Math.min(2_000, 100 * 2 ** Math.min(payment.attempts, 5)))
  }
}
