import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One webhook as it arrived: when, and when its event happened (the body's `timestamp`). */
export interface Arrival {
  arrivedAt: number
  occurredAt: number
}

/** A platform's webhook endpoint on 127.0.0.1 that answers 200 and notes when each webhook arrived. */
export async function startWebhookReceiver(): Promise<{ url: string; arrivals: Arrival[]; close(): Promise<void> }> {
  const arrivals: Arrival[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += String(chunk)))
    request.on('end', () => {
      arrivals.push({ arrivedAt: Date.now(), occurredAt: Date.parse((JSON.parse(body) as { timestamp: string }).timestamp) })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // the webhooks service keeps its connections alive
      }),
  }
}
