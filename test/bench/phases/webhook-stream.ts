import { jetstream } from '@nats-io/jetstream'
import { connectNats } from '@pp/events'
import { publishApproval } from '../bench-events.js'
import type { LocalMesh } from '../mesh.js'
import { cpuMeter } from '../mesh-processes.js'
import type { Arrival } from '../webhook-receiver.js'
import { drainWebhooks, webhookFigures, type WebhookFigures } from './webhooks.js'

export const WEBHOOK_STREAM_METHOD =
  'CUSTOMER.KYC_APPROVED events for the bench platform published on the EVENTS stream at the offered rate (under a source ' +
  'of the bench, so only the webhooks service consumes them); figures as for the payments run'

export interface WebhookStreamFigures extends WebhookFigures {
  offeredPerSecond: number
  /** Milliseconds of CPU per delivered webhook, by process (the mesh's and Postgres's). */
  cpuMsPerDelivery: Map<string, number>
}

/**
 * The webhook pipeline alone, at a rate no payments run reaches on this machine: events as a
 * service's outbox relay publishes them, `perSecond` of them for `seconds`, each delivered to the
 * receiver. Measures what the webhooks service sustains (consume, sign, queue, claim, POST,
 * record) and the event-to-delivery latency at that rate.
 */
export async function measureWebhookStream(
  natsUrl: string,
  platformId: string,
  receiver: { arrivals: Arrival[] },
  mesh: Pick<LocalMesh, 'pid' | 'postgresUrl' | 'benchSigningKey'>,
  perSecond: number,
  seconds: number,
): Promise<WebhookStreamFigures> {
  const nats = await connectNats(natsUrl, 'bench-webhook-stream')
  const js = jetstream(nats)
  const publish = (i: number) => publishApproval(js, mesh.benchSigningKey, platformId, { id: `Customer:bench-${i}`, customerType: 'INDIVIDUAL' })
  const cpu = await cpuMeter(mesh.pid, mesh.postgresUrl)
  const startedAt = Date.now()
  try {
    const published: Promise<unknown>[] = []
    const count = Math.round(perSecond * seconds)
    for (let i = 0; i < count; i += 1) {
      const dueAt = startedAt + (i * 1000) / perSecond
      if (dueAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, dueAt - Date.now()))
      published.push(publish(i))
    }
    await Promise.all(published)
    await drainWebhooks(receiver.arrivals)
  } finally {
    await nats.close()
  }
  const spent = await cpu.stop()
  const figures = webhookFigures(receiver.arrivals, startedAt)
  return {
    ...figures,
    offeredPerSecond: perSecond,
    cpuMsPerDelivery: new Map([...spent].map(([name, cpuSeconds]) => [name, (cpuSeconds * 1000) / Math.max(figures.delivered, 1)])),
  }
}
