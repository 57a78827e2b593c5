import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { checkedLookup, EgressRefusedError, hostnameRefusal, resolveHost, schemeRefusal, type EgressRule, type ResolveHost } from '@pp/egress'
import type { Environment } from '../types.js'

/**
 * What one POST to a receiver came to. The receiver's answer is read and dropped: what a receiver
 * says is never shown back (a platform's endpoint, or one a caller names for the test webhook,
 * could be made to answer with what the mesh can reach).
 */
export interface PostResult {
  isSuccess: boolean
  /** Unset when the receiver never answered. */
  statusCode?: number
  latencyMs: number
  error?: string
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

/**
 * The agents of one environment's rule. Connections to a receiver are reused across deliveries
 * (node:http costs a fifth of fetch's CPU per request); each new one connects only to addresses
 * the rule lets it reach, the very ones its lookup checked.
 */
function agentsOf(rule: EgressRule, resolve: ResolveHost) {
  const lookup = checkedLookup(rule, resolve)
  return { rule, 'http:': new HttpAgent({ keepAlive: true, lookup }), 'https:': new HttpsAgent({ keepAlive: true, lookup }) }
}

/**
 * POSTs the body once. Only a 2xx answer (or a 409: already processed), read to its end within
 * `timeoutMs`, is a success; a redirect is not followed, so a receiver cannot send the signed body
 * somewhere else. An endpoint the environment may not reach (a private address, or a name
 * resolving to one; loopback unless `allowLoopback`, local development's sandbox only; plain http
 * in production) is a failed attempt that names the refusal, and nothing is sent.
 */
export function createPostWebhook(resolve: ResolveHost = resolveHost, { allowLoopback = false } = {}): PostWebhook {
  const agents = { SANDBOX: agentsOf({ environment: 'SANDBOX', allowLoopback }, resolve), PRODUCTION: agentsOf({ environment: 'PRODUCTION', allowLoopback }, resolve) }
  return (request) => post(agents[request.environment], request)
}

function post(agents: ReturnType<typeof agentsOf>, { url, body, headers, timeoutMs }: PostRequest): Promise<PostResult> {
  return new Promise((resolve) => {
    const startedAt = performance.now()
    let isTimedOut = false
    let timer: NodeJS.Timeout | undefined
    const finish = (result: Omit<PostResult, 'latencyMs'>) => {
      clearTimeout(timer)
      resolve({ ...result, latencyMs: Math.round(performance.now() - startedAt) })
    }
    const fail = (err: NodeJS.ErrnoException) => finish({ isSuccess: false, error: failure(err, isTimedOut, timeoutMs) })
    const target = URL.canParse(url) ? new URL(url) : undefined
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return finish({ isSuccess: false, error: 'not an http(s) URL' })
    // node connects to an IP literal without the agent's lookup, so the host is judged here first
    const refusal = schemeRefusal(target, agents.rule) ?? hostnameRefusal(target.hostname, agents.rule)
    if (refusal) return finish({ isSuccess: false, error: `${REFUSED}: ${refusal}` })
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(
      target,
      { method: 'POST', agent: agents[target.protocol], headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
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

/** Reads the whole answer, so the connection can be reused, and keeps none of it. */
function readAnswer(response: IncomingMessage, finish: (result: Omit<PostResult, 'latencyMs'>) => void, fail: (err: Error) => void): void {
  response.resume()
  response.once('error', fail)
  // a connection cut mid-answer (the timeout destroyed it, or the receiver did) is no answer
  response.once('close', () => response.complete || fail(new Error('the answer was cut short')))
  response.once('end', () => {
    const statusCode = response.statusCode!
    const isSuccess = isAccepted(statusCode)
    finish({ isSuccess, statusCode, error: isSuccess ? undefined : `HTTP ${statusCode}` })
  })
}
