import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>
  rawBody: string
  body: any
}

/** A platform's webhook endpoint on 127.0.0.1: it answers 200 and keeps what it received. */
export async function startWebhookReceiver(): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = []
  const server: Server = createServer((request, response) => {
    let rawBody = ''
    request.on('data', (chunk) => (rawBody += String(chunk)))
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody, body: JSON.parse(rawBody) })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
