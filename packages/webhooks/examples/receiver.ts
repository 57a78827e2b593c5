/**
 * A webhook endpoint for the payments platform, on node:http alone: it reads the raw body,
 * verifies the signature with the keys of `GET /webhooks/signing-key`, drops redeliveries by id,
 * and answers 200 before doing the work, so the platform never waits on it (a slow answer is a
 * failed attempt, retried).
 *
 *   BASE_URL=http://localhost:3000/2025-10-13 CLIENT_ID=... CLIENT_SECRET=... PORT=8080 \
 *     pnpm --filter @payments-platform/webhooks example
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
// in your own code: from '@payments-platform/webhooks'
import {
  createSeenIds,
  fetchSigningKeys,
  signingKeys,
  verifyWebhook,
  WebhookVerificationError,
  type SigningKeyAnswer,
  type Webhook,
} from '../src/index.js'

export interface ReceiverOptions {
  /** Gets the signing-key answer: on the first webhook, and again when a signature fails. */
  fetchKeys: () => Promise<SigningKeyAnswer>
  /** The work for one new webhook; it runs after the 200 has been sent. */
  handle: (webhook: Webhook) => void | Promise<void>
  /** Refuse webhooks sent further than this from now (300 s). */
  toleranceSeconds?: number
  /** Least time between two refetches a failed signature may cause (60 s), so forgeries cannot make us hammer the API. */
  refetchIntervalMs?: number
  /** Largest body read (1 MiB). */
  maxBodyBytes?: number
}

export function webhookReceiver(options: ReceiverOptions): RequestListener {
  const { toleranceSeconds = 300, maxBodyBytes = 1 << 20 } = options
  const keys = signingKeyCache(options.fetchKeys, options.refetchIntervalMs ?? 60_000)
  const seen = createSeenIds({ max: 10_000 })

  const verify = async (rawBody: Buffer, request: IncomingMessage): Promise<Webhook> => {
    const attempt = async () => verifyWebhook({ rawBody, headers: request.headers, keys: signingKeys(await keys.current()), toleranceSeconds })
    try {
      return await attempt()
    } catch (err) {
      // the platform may have rotated its key since we fetched it: fetch once more and retry
      if (err instanceof WebhookVerificationError && err.code === 'SIGNATURE_INVALID' && (await keys.refresh())) return attempt()
      throw err
    }
  }

  return async function receiveWebhook(request, response) {
    if (request.method !== 'POST') return answer(response, 405, { code: 'METHOD_NOT_ALLOWED' })
    try {
      const rawBody = await readBody(request, maxBodyBytes)
      if (!rawBody) return answer(response, 413, { code: 'BODY_TOO_LARGE' })
      const webhook = await verify(rawBody, request)
      // the same id is the same notification again (a retry whose answer got lost, a redelivery)
      if (seen.has(webhook.id)) return answer(response, 200, { duplicate: true })
      seen.add(webhook.id)
      answer(response, 200, { received: true })
      await options.handle(webhook)
    } catch (err) {
      if (err instanceof WebhookVerificationError) return answer(response, 400, { code: err.code, message: err.message })
      console.error('webhook receiver:', err)
      if (!response.headersSent) answer(response, 500, { code: 'INTERNAL' })
    }
  }
}

/** The signing-key answer, fetched on first use and again at most once per interval on request. */
function signingKeyCache(fetchKeys: () => Promise<SigningKeyAnswer>, refetchIntervalMs: number) {
  let answer: Promise<SigningKeyAnswer> | undefined
  let refetchedAt = -Infinity
  const load = () => {
    const loading = fetchKeys()
    answer = loading
    // a failed fetch is tried again on the next webhook
    loading.catch(() => answer === loading && (answer = undefined))
    return loading
  }
  return {
    current: () => answer ?? load(),
    /** Fetches again unless a refetch was done within the interval; whether it did. */
    async refresh(): Promise<boolean> {
      if (Date.now() - refetchedAt < refetchIntervalMs) return false
      refetchedAt = Date.now()
      await load()
      return true
    },
  }
}

/** The body's exact bytes, or undefined once it is longer than `maxBytes`. */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > maxBytes) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

function answer(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function main(): Promise<void> {
  const credentials = { baseUrl: required('BASE_URL'), clientId: required('CLIENT_ID'), clientSecret: required('CLIENT_SECRET') }
  const fetchKeys = () => fetchSigningKeys(credentials)
  // wrong credentials or address stop the receiver now rather than at the first webhook
  const { environment } = await fetchKeys()
  const handle = (webhook: Webhook) => console.log(`${webhook.timestamp} ${webhook.type} ${webhook.id}`)
  const server = createServer(webhookReceiver({ fetchKeys, handle }))
  const port = Number(process.env.PORT || 8080)
  server.listen(port, () => console.log(`receiving ${environment ?? ''} webhooks on http://localhost:${port}/`))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close())
}

function required(name: string): string {
  const value = process.env[name]
  if (value) return value
  console.error(`Set ${name}: the receiver needs BASE_URL (with the API version), CLIENT_ID and CLIENT_SECRET; PORT is optional`)
  process.exit(1)
}

// run as a program; imported (as the tests do), it only defines webhookReceiver
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
