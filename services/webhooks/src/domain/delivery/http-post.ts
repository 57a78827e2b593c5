import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { checkedLookup, EgressRefusedError, hostnameRefusal, resolveHost, type ResolveHost } from '@pp/egress'
import type { Environment } from '../types.js'

/** What one POST to a receiver came to. */
export interface PostResult {
  isSuccess: boolean
  /** Unset when the receiver never answered. */
  statusCode?: number
  latencyMs: number
  error?: string
  /** The receiver's answer, cut at RESPONSE_BODY_MAX_BYTES. */
  responseBody: string
}

export interface PostRequest {
  url: string
  /** Whose endpoint it is: which addresses the POST may reach (the rule of @pp/egress). */
  environment: Environment
  body: string
  headers: Record<string, string>
  timeoutMs: number
}

export type PostWebhook = (request: PostRequest) => Promise<PostResult>

const RESPONSE_BODY_MAX_BYTES = 4_096

/**
 * The agents of one environment. Connections to a receiver are reused across deliveries (node:http
 * costs a fifth of fetch's CPU per request); each new one connects only to addresses the
 * environment may reach, the very ones its lookup checked.
 */
function agentsOf(environment: Environment, resolve: ResolveHost) {
  const lookup = checkedLookup(environment, resolve)
  return { 'http:': new HttpAgent({ keepAlive: true, lookup }), 'https:': new HttpsAgent({ keepAlive: true, lookup }) }
}

/**
 * POSTs the body once. Only a 2xx answer (or a 409: already processed), read to its end within
 * `timeoutMs`, is a success; a redirect is not followed, so a receiver cannot send the signed body
 * somewhere else. An endpoint the environment may not reach (a private address, or a name
 * resolving to one) is a failed attempt that names the refused address, and nothing is sent.
 */
export function createPostWebhook(resolve: ResolveHost = resolveHost): PostWebhook {
  const agents = { SANDBOX: agentsOf('SANDBOX', resolve), PRODUCTION: agentsOf('PRODUCTION', resolve) }
  return (request) => post(agents[request.environment], request)
}

export const postWebhook: PostWebhook = createPostWebhook()

function post(agents: ReturnType<typeof agentsOf>, { url, environment, body, headers, timeoutMs }: PostRequest): Promise<PostResult> {
  return new Promise((resolve) => {
    const startedAt = performance.now()
    let isTimedOut = false
    let timer: NodeJS.Timeout | undefined
    const finish = (result: Omit<PostResult, 'latencyMs'>) => {
      clearTimeout(timer)
      resolve({ ...result, latencyMs: Math.round(performance.now() - startedAt) })
    }
    const fail = (err: NodeJS.ErrnoException) => finish({ isSuccess: false, responseBody: '', error: failure(err, isTimedOut, timeoutMs) })
    const target = URL.canParse(url) ? new URL(url) : undefined
    if (!target || !(target.protocol in agents)) return finish({ isSuccess: false, responseBody: '', error: 'not an http(s) URL' })
    // node connects to an IP literal without the agent's lookup, so the host is judged here first
    const refusal = hostnameRefusal(target.hostname, environment)
    if (refusal) return finish({ isSuccess: false, responseBody: '', error: `${REFUSED}: ${refusal}` })
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(
      target,
      { method: 'POST', agent: agents[target.protocol as keyof typeof agents], headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
      (response) => readAnswer(response, finish, fail),
    )
    timer = setTimeout(() => {
      isTimedOut = true
      request.destroy(new Error('timeout'))
    }, timeoutMs)
    request.once('error', fail)
    request.end(body)
  })
}

const REFUSED = 'endpoint address refused'

/**
 * A 2xx, or the 409 the reference tells receivers to answer for a webhook id they have already
 * processed: either way the receiver has the webhook, and retrying it would only fail again.
 */
const isAccepted = (statusCode: number): boolean => (statusCode >= 200 && statusCode < 300) || statusCode === 409

function failure(err: NodeJS.ErrnoException, isTimedOut: boolean, timeoutMs: number): string {
  if (isTimedOut) return `timeout after ${timeoutMs} ms`
  if (err instanceof EgressRefusedError) return `${REFUSED}: ${err.message}`
  return `connection failed: ${err.code ?? err.message}`
}

/** Reads the whole answer, so the connection can be reused, keeping only its first bytes. */
function readAnswer(response: IncomingMessage, finish: (result: Omit<PostResult, 'latencyMs'>) => void, fail: (err: Error) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  response.on('data', (chunk: Buffer) => {
    if (size < RESPONSE_BODY_MAX_BYTES) chunks.push(chunk)
    size += chunk.length
  })
  response.once('error', fail)
  // a connection cut mid-answer (the timeout destroyed it, or the receiver did) is no answer
  response.once('close', () => response.complete || fail(new Error('the answer was cut short')))
  response.once('end', () => {
    const statusCode = response.statusCode!
    const isSuccess = isAccepted(statusCode)
    const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX_BYTES).toString('utf8')
    finish({ isSuccess, statusCode, responseBody, error: isSuccess ? undefined : `HTTP ${statusCode}` })
  })
}
