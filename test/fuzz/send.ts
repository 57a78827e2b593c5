import http from 'node:http'
import type { Answer } from './oracle.js'
import type { FuzzRequest } from './requests.js'

const REQUEST_TIMEOUT_MS = 30_000
const IDLE_CONNECTION_MS = 2_000

/** What became of a request: an answer, or the transport error that took its place. */
export type Outcome = { answer: Answer } | { transportError: string }

/**
 * Sends fuzz requests over keep-alive connections, as a client library would: a rejected request
 * must leave its connection fit for the next one, so a reset shows up here as a transport error.
 */
export class Sender {
  private readonly agent: http.Agent

  constructor(
    private readonly baseUrl: URL,
    concurrency: number,
  ) {
    // an idle connection is dropped here long before the gateway's keep-alive timeout (5 s) could
    // close it under a request just sent, the race every keep-alive client has: a reset left is the gateway's
    this.agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, timeout: IDLE_CONNECTION_MS })
  }

  send(request: FuzzRequest): Promise<Outcome> {
    return new Promise((resolve) => {
      const headers: Record<string, string | number> = { ...request.headers }
      if (request.body !== undefined) headers['content-length'] = request.body.length
      let settled = false
      const settle = (outcome: Outcome) => {
        if (!settled) resolve(outcome)
        settled = true
      }
      let outgoing: http.ClientRequest
      try {
        outgoing = http.request({
          host: this.baseUrl.hostname,
          port: this.baseUrl.port,
          method: request.method,
          path: `${this.baseUrl.pathname}${request.path}`,
          headers,
          agent: this.agent,
          timeout: REQUEST_TIMEOUT_MS,
        })
      } catch (err) {
        // node refuses to send it (a header it cannot encode): the request never left
        return settle({ transportError: `not sendable: ${(err as Error).message}` })
      }
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          settle({ answer: { status: response.statusCode ?? 0, contentType: response.headers['content-type'], body: Buffer.concat(chunks) } }),
        )
        response.on('error', (err) => settle({ transportError: err.message }))
      })
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)))
      // the answer may come before the whole body is written (413, 401): that one counts
      outgoing.on('error', (err: NodeJS.ErrnoException) => setTimeout(() => settle({ transportError: `${err.code ?? ''} ${err.message}`.trim() }), 50))
      outgoing.end(request.body)
    })
  }

  /** Sends every request, `concurrency` at a time, and gives their outcomes in request order. */
  async sendAll(requests: FuzzRequest[], concurrency: number): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(requests.length)
    let next = 0
    const worker = async () => {
      while (next < requests.length) {
        const index = next++
        outcomes[index] = await this.send(requests[index]!)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return outcomes
  }

  close(): void {
    this.agent.destroy()
  }
}
