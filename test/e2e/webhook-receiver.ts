import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>
  rawBody: string
  body: any
}

export interface WebhookReceiver {
  url: string
  /** What it accepted (answered 200), in order of arrival. */
  received: ReceivedWebhook[]
  /** Requests it refused while down (answered 503). */
  refusedCount(): number
  /** Answers 503 to everything from now on, as a receiver that is down, or 200 again. */
  setDown(isDown: boolean): void
  close(): Promise<void>
}

/** A platform's webhook endpoint on 127.0.0.1: it answers 200 and keeps what it received (or 503 while down). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let isDown = false
  let refused = 0
  const server: Server = createServer((request, response) => {
    let rawBody = ''
    request.on('data', (chunk) => (rawBody += String(chunk)))
    request.on('end', () => {
      if (isDown) {
        refused += 1
        return void response.writeHead(503).end()
      }
      received.push({ headers: request.headers, rawBody, body: JSON.parse(rawBody) })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    refusedCount: () => refused,
    setDown: (down) => void (isDown = down),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
