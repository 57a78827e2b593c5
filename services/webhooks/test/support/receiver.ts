import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  receivedAt: number
}

/** What the receiver does with the nth request (0-based): answer a status, or never answer. */
export type Behaviour = (n: number) => number | 'hang'

export interface Receiver {
  url: string
  received: ReceivedWebhook[]
  behave(behaviour: Behaviour): void
  close(): Promise<void>
}

export const always =
  (status: number): Behaviour =>
  () =>
    status

/** Answers the statuses in order, then the last one for ever. */
export const sequence =
  (...statuses: number[]): Behaviour =>
  (n) =>
    statuses[Math.min(n, statuses.length - 1)]!

/** A local webhook receiver on 127.0.0.1 and a free port, recording every request it gets. */
export async function startReceiver(behaviour: Behaviour = always(200)): Promise<Receiver> {
  const received: ReceivedWebhook[] = []
  const hanging = new Set<ServerResponse>()
  let current = behaviour
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = current(received.length)
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() })
      if (answer === 'hang') {
        hanging.add(response)
        return
      }
      response.writeHead(answer, { 'Content-Type': 'text/plain' }).end(`answered ${answer}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    behave: (next) => void (current = next),
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
