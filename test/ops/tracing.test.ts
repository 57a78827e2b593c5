import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntil } from '@pp/testing'
import { createCustomer, expectOneWebhook, finalTransaction, fund, sendNow, startPaymentsWorld, type PaymentsWorld } from '../e2e/payments-support.js'
import { startOtlpCollector, type CollectedSpan } from './otlp-collector.js'

/**
 * One payment, one trace: the gateway's request, the gRPC calls it makes and those made on its
 * behalf, the events on NATS and the webhook delivery at the end all share the trace id, and every
 * span's parent is in the trace.
 */
describe('tracing', () => {
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>
  let world: PaymentsWorld

  beforeAll(async () => {
    collector = await startOtlpCollector()
    world = await startPaymentsWorld('tracing', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' } })
  }, 180_000)

  afterAll(async () => {
    await world?.stop()
    await collector?.close()
  })

  it('connects a payment from the gateway through gRPC and NATS to its webhook delivery', async () => {
    const payer = await createCustomer(world)
    const payee = await createCustomer(world)
    await fund(world, payer.accounts.USD!, 10_000)
    const quote = await sendNow(world, payer.accounts.USD!, payee.accounts.USD!, 1_000)
    await finalTransaction(world, quote.transactionId, { status: 'COMPLETED' })
    await expectOneWebhook(world, quote.transactionId, 'COMPLETED')

    const root = () => collector.spans.find((s) => s.name === 'POST /2025-10-13/quotes' && s.parentSpanId === undefined)
    await waitUntil(async () => root() !== undefined, 'the request span', 10_000)
    const inTrace = (): CollectedSpan[] => collector.spans.filter((s) => s.traceId === root()!.traceId)
    const deliveries = () => inTrace().filter((s) => s.name === 'deliver webhook')
    // every span's parent exported too: nothing dangling, whatever order the processes flushed in
    const connected = () => inTrace().every((s) => s.parentSpanId === undefined || inTrace().some((p) => p.spanId === s.parentSpanId))
    await waitUntil(async () => deliveries().length > 0 && connected(), 'the webhook delivery span in the trace', 10_000)

    const spans = inTrace()
    expect(spans.filter((s) => s.parentSpanId === undefined)).toEqual([root()])
    const services = new Set(spans.map((s) => s.service))
    for (const service of ['gateway', 'payments', 'ledger', 'webhooks']) expect(services).toContain(service)
    expect(spans.some((s) => s.service === 'payments' && s.name === '/payments.v1.PaymentsService/CreateQuote')).toBe(true)
    expect(spans.some((s) => s.service === 'webhooks' && s.name.startsWith('consume '))).toBe(true)
  })
})
