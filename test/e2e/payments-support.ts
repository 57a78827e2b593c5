import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import pg from 'pg'
import { expect } from 'vitest'
import { apiClient, startMesh, type Mesh, type MeshOptions } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { startWebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js'

/**
 * The world the payments end-to-end tests share: a mesh, a sandbox platform whose webhooks reach a
 * local receiver, and customers with funded internal accounts and external accounts whose last
 * digits pick the spec's sandbox scenarios.
 */
export type Api = ReturnType<typeof apiClient>
export const FINAL_STATUSES = ['COMPLETED', 'FAILED']

export interface PaymentsWorld {
  mesh: Mesh
  api: Api
  platformId: string
  webhooks: ReceivedWebhook[]
  /** Where the receiver of `webhooks` listens, for another platform of the test to send to too. */
  webhookUrl: string
  termsVersion: string
  stop(): Promise<void>
}

/** The world on the shared mesh, or on a mesh of the file's own started with `options`. */
export async function startPaymentsWorld(name: string, options?: MeshOptions): Promise<PaymentsWorld> {
  const mesh = options ? await startMesh(options) : sharedMesh()
  const receiver = await startWebhookReceiver()
  const stop = async () => {
    await receiver.close()
    await mesh.stop()
  }
  try {
    const platform = await mesh.createPlatform(`e2e-${name}-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
    const api = apiClient(mesh, platform)
    expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url })).status).toBe(200)
    const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
    return { mesh, api, platformId: platform.platformId, webhooks: receiver.received, webhookUrl: receiver.url, termsVersion, stop }
  } catch (err) {
    // the test file never gets the world to stop: stop its processes here
    await stop()
    throw err
  }
}

export interface Customer {
  id: string
  /** The INTERNAL_FIAT account of each currency the customer holds. */
  accounts: Record<string, string>
}

/** A customer (with the End User Terms accepted unless told otherwise) and, once provisioned, its fiat accounts. */
export async function createCustomer(world: PaymentsWorld, { acceptsTerms = true } = {}): Promise<Customer> {
  const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: world.termsVersion, acceptanceMethod: 'CHECKBOX' }
  const body = {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
    fullName: 'Grace Hopper',
    ...(acceptsTerms ? { agreementConsents: [consent] } : {}),
  }
  const created = await world.api('POST', '/customers', body)
  expect(created.status).toBe(201)
  const id = created.body.id as string
  if (!acceptsTerms) return { id, accounts: {} }
  let accounts: Array<{ id: string; type: string; balance: { currency: { code: string } } }> = []
  await waitUntil(
    async () => {
      accounts = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(id)}&limit=100`)).body.data
      return accounts.length > 0
    },
    'the customer accounts',
    30_000,
  )
  const fiat = accounts.filter((a) => a.type === 'INTERNAL_FIAT')
  return { id, accounts: Object.fromEntries(fiat.map((a) => [a.balance.currency.code, a.id])) }
}

export async function fund(world: PaymentsWorld, accountId: string, amount: number): Promise<void> {
  expect((await world.api('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount })).status).toBe(200)
}

/** Available and total balance of the customer's fiat account in `currency`, in its smallest unit. */
export async function balanceOf(world: PaymentsWorld, customer: Customer, currency: string): Promise<{ available: number; total: number }> {
  const query = `customerId=${encodeURIComponent(customer.id)}&currency=${currency}&type=INTERNAL_FIAT`
  const [account] = (await world.api('GET', `/customers/internal-accounts?${query}`)).body.data as Array<{
    id: string
    balance: { amount: number }
    totalBalance: { amount: number }
  }>
  expect(account?.id).toBe(customer.accounts[currency])
  return { available: account!.balance.amount, total: account!.totalBalance.amount }
}

/**
 * A German IBAN ending in `suffix` with a valid ISO 7064 check (the ledger verifies it): the
 * account number is random but for its last three digits, which select the sandbox scenario.
 */
export function germanIban(suffix: string): string {
  const bban = `37040044${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}${suffix}`
  // D = 13, E = 14; the country code and 00 move behind the BBAN for the check
  const remainder = BigInt(`${bban}131400`) % 97n
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`
}

/** A EUR external account of the customer whose IBAN ends in `suffix`. */
export async function euroExternalAccount(world: PaymentsWorld, customerId: string, suffix: string): Promise<string> {
  const accountInfo = {
    accountType: 'EUR_ACCOUNT',
    iban: germanIban(suffix),
    beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'DE' },
  }
  const created = await world.api('POST', '/customers/external-accounts', { customerId, currency: 'EUR', accountInfo })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id as string
}

/** Quotes `amount` from an account to an account, executed at once; answers the quote. */
export async function sendNow(world: PaymentsWorld, from: string, to: string, amount: number, headers: Record<string, string> = {}) {
  const body = {
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'ACCOUNT', accountId: to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    immediatelyExecute: true,
  }
  const quote = await world.api('POST', '/quotes', body, headers)
  expect(quote.status, JSON.stringify(quote.body)).toBe(201)
  expect(quote.body.transactionId).toMatch(/^Transaction:/)
  return quote.body as { id: string; status: string; transactionId: string; totalSendingAmount: number; totalReceivingAmount: number }
}

/**
 * Waits until the transaction is final (COMPLETED or FAILED), or in `status` when given: a returned
 * payout completes before it fails, so only its last status marks the end.
 */
export async function finalTransaction(world: PaymentsWorld, transactionId: string, { status, timeoutMs = 30_000 }: { status?: string; timeoutMs?: number } = {}) {
  let transaction: any
  await waitUntil(
    async () => {
      transaction = (await world.api('GET', `/transactions/${transactionId}`)).body
      return status === undefined ? FINAL_STATUSES.includes(transaction.status) : transaction.status === status
    },
    `${transactionId} to be ${status ?? 'final'} (last seen ${transaction?.status})`,
    timeoutMs,
  )
  return transaction
}

/** The payment webhooks received about one transaction, in arrival order. */
export const webhooksAbout = (world: PaymentsWorld, transactionId: string) =>
  world.webhooks.filter((w) => w.body?.transaction?.id === transactionId).map((w) => w.body as { type: string; transaction: any })

/**
 * Waits for the webhook that carries the transaction in `status`, then checks that it came once:
 * a retry, a restart or a second replica never notifies the platform twice of the same outcome.
 */
export async function expectOneWebhook(world: PaymentsWorld, transactionId: string, status: string, family = 'OUTGOING_PAYMENT') {
  const carrying = () => webhooksAbout(world, transactionId).filter((w) => w.transaction.status === status)
  await waitUntil(async () => carrying().length > 0, `the ${status} webhook of ${transactionId}`, 30_000)
  expect(carrying()).toHaveLength(1)
  expect(carrying()[0]!.type.startsWith(family)).toBe(true)
}

/**
 * The ledger's own books for the platform: per currency, what all its accounts were debited and
 * credited, posted and pending. Balanced books have equal sides in every currency.
 */
export async function ledgerBooks(world: PaymentsWorld) {
  const client = new pg.Client({ connectionString: world.mesh.databaseUrl('ledger') })
  await client.connect()
  try {
    const { rows } = await client.query<{ currency: string; debits_posted: string; credits_posted: string; debits_pending: string; credits_pending: string }>(
      `SELECT currency, SUM(debits_posted)::text AS debits_posted, SUM(credits_posted)::text AS credits_posted,
              SUM(debits_pending)::text AS debits_pending, SUM(credits_pending)::text AS credits_pending
         FROM ledger_accounts WHERE platform_id = $1 GROUP BY currency ORDER BY currency`,
      [world.platformId],
    )
    const transfers = await client.query<{ id: string }>('SELECT id FROM ledger_transfers WHERE platform_id = $1', [world.platformId])
    return { totals: rows, transferIds: transfers.rows.map((r) => r.id) }
  } finally {
    await client.end()
  }
}

/** Every currency's debits equal its credits, posted and pending, and no hold is left open. */
export function expectBalancedAndSettled(books: Awaited<ReturnType<typeof ledgerBooks>>): void {
  expect(books.totals.length).toBeGreaterThan(0)
  for (const row of books.totals) {
    expect(row, row.currency).toEqual({ ...row, credits_posted: row.debits_posted, debits_pending: '0', credits_pending: '0' })
  }
}
