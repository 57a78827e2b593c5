import { waitUntil } from '@pp/testing'
import type { Api } from '../api.js'
import { createCustomer } from '../customers.js'
import { percentile } from '../stats.js'

const AMOUNT = 1
const FUNDING = 1_000_000_000
const SETUP_CONCURRENCY = 4

interface Cardholder {
  customerId: string
  accountId: string
  cardId: string
}

export interface CardFigures {
  authorized: number
  failed: number
  perSecond: number
  p50: number
  p99: number
  /** Cents the funding accounts' available balances dropped by, against what the answered authorizations held. */
  centsOff: number
}

export const CARD_METHOD =
  'each client owns a funded customer with an ACTIVE card and sends POST /sandbox/cards/{id}/simulate/authorization (1 cent, approved), ' +
  'one after another; an authorization counts once answered 202, its hold placed and its transaction recorded'

/** Simulated card authorizations through the gateway: each is a ledger hold and a card transaction with its events. */
export async function measureCardAuthorizations(api: Api, clients: number, seconds: number): Promise<CardFigures> {
  const holders: Cardholder[] = []
  for (let first = 0; first < clients; first += SETUP_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SETUP_CONCURRENCY, clients - first) }, (_, i) => cardholder(api, first + i))
    holders.push(...(await Promise.all(batch)))
  }
  const before = await Promise.all(holders.map((h) => available(api, h)))
  const latencies: number[] = []
  let authorized = 0
  let failed = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    holders.map(async (holder) => {
      while (performance.now() < deadline) {
        const requestedAt = performance.now()
        const response = await api('POST', `/sandbox/cards/${holder.cardId}/simulate/authorization`, {
          amount: AMOUNT,
          currency: { code: 'USD' },
          merchant: { descriptor: 'BENCH COFFEE', mcc: '5814', country: 'US' },
        })
        latencies.push(performance.now() - requestedAt)
        if (response.status === 202) authorized += 1
        else failed += 1
      }
    }),
  )
  const after = await Promise.all(holders.map((h) => available(api, h)))
  const held = before.reduce((sum, b, i) => sum + (b - after[i]!), 0)
  return {
    authorized,
    failed,
    perSecond: authorized / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    centsOff: Math.abs(held - authorized * AMOUNT),
  }
}

async function available(api: Api, holder: Cardholder): Promise<number> {
  const accounts = await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(holder.customerId)}&limit=100`)
  return (accounts.body.data as { id: string; balance: { amount: number } }[]).find((a) => a.id === holder.accountId)!.balance.amount
}

async function cardholder(api: Api, index: number): Promise<Cardholder> {
  const customerId = await createCustomer(api, `Bench Cardholder ${index}`)
  let usd: { id: string } | undefined
  await waitUntil(async () => {
    const accounts = await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`)
    usd = (accounts.body.data as { id: string; type: string; status: string; balance: { currency: { code: string } } }[]).find(
      (a) => a.status === 'ACTIVE' && a.type === 'INTERNAL_FIAT' && a.balance.currency.code === 'USD',
    )
    return usd !== undefined
  }, 'the USD account to open', 30_000)
  const funded = await api('POST', `/sandbox/internal-accounts/${usd!.id}/fund`, { amount: FUNDING })
  if (funded.status !== 200) throw new Error(`fund: ${funded.status} ${JSON.stringify(funded.body)}`)
  const card = await api('POST', '/cards', { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [usd!.id] })
  if (card.status !== 201) throw new Error(`card: ${card.status} ${JSON.stringify(card.body)}`)
  await waitUntil(async () => (await api('GET', `/cards/${card.body.id}`)).body.state === 'ACTIVE', 'the card to activate', 30_000, 100)
  return { customerId, accountId: usd!.id, cardId: card.body.id as string }
}
