import { ApiError, parseErrorBody, UnexpectedResponseError } from './api-error.js'

/** A `fetch`: the global one by default; a test's fake, or one that goes through a proxy, otherwise. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>

export interface ClientOptions {
  /** The API's base URL, version segment included: `https://api.example.com/2025-10-13`. */
  baseUrl: string
  /** An API token's id (or clientId) and secret, sent as Basic credentials on the platform's operations. */
  credentials?: { clientId: string; clientSecret: string }
  /** An agent's access token, sent as a Bearer token on the operations an agent calls (`/agents/me/...`). */
  agentToken?: string
  fetch?: FetchFunction
}

export interface RequestOptions {
  /** Aborts the call: `AbortSignal.timeout(5_000)` for a time limit. */
  signal?: AbortSignal
}

/** What the generated client says of an operation: where it lives, the credentials it takes, how its body travels. */
export interface OperationSpec {
  operationId: string
  method: string
  path: string
  auth: ReadonlyArray<'basic' | 'bearer'>
  body?: 'json' | 'multipart'
}

type Scalar = string | number | boolean

/** A call's parts, as the generated request types shape them. */
export interface RequestParts {
  path?: Record<string, Scalar>
  query?: Record<string, Scalar | Scalar[] | undefined>
  headers?: Record<string, string | undefined>
  body?: unknown
}

/** Sends one operation's request and turns the answer into a typed response or a thrown error. */
export class Transport {
  readonly #baseUrl: string
  readonly #fetch: FetchFunction
  readonly #authorization: { basic?: string; bearer?: string }

  constructor(options: ClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init))
    this.#authorization = {
      basic: options.credentials && `Basic ${base64(`${options.credentials.clientId}:${options.credentials.clientSecret}`)}`,
      bearer: options.agentToken && `Bearer ${options.agentToken}`,
    }
  }

  async send<R>(spec: OperationSpec, request: RequestParts, options: RequestOptions = {}): Promise<R> {
    const headers = new Headers({ accept: 'application/json' })
    for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers.set(name, value)
    // the first of the operation's schemes the client has credentials for; none sends nothing, and the API says 401
    const authorization = spec.auth.map((scheme) => this.#authorization[scheme]).find((value) => value !== undefined)
    if (authorization !== undefined) headers.set('authorization', authorization)
    const body = encodeBody(spec, request.body, headers)
    const url = `${this.#baseUrl}${expandPath(spec.path, request.path ?? {})}${queryString(request.query ?? {})}`
    const response = await this.#fetch(url, { method: spec.method, headers, body, signal: options.signal })
    return (await readResponse(spec.operationId, response)) as R
  }
}

/** `/customers/{customerId}` with each `{name}` replaced by its value, encoded as one path segment. */
function expandPath(template: string, values: Record<string, Scalar>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new TypeError(`path parameter ${name} is missing`)
    return encodeURIComponent(String(value))
  })
}

/** `?a=1&b=x` of the defined values; an array repeats its key, the form style the document's parameters use. */
function queryString(values: Record<string, Scalar | Scalar[] | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) search.append(name, String(item))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

function encodeBody(spec: OperationSpec, body: unknown, headers: Headers): RequestInit['body'] {
  if (spec.body === undefined || body === undefined) return undefined
  if (spec.body === 'multipart') return formData(body as Record<string, unknown>) // fetch sets the boundary's content type
  headers.set('content-type', 'application/json')
  return JSON.stringify(body)
}

/** A multipart body: files as file parts, scalars as text, and anything structured as JSON text. */
function formData(fields: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (value instanceof Blob) form.append(name, value)
    else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return form
}

async function readResponse(operationId: string, response: Response): Promise<{ status: number; data: unknown; headers: Headers }> {
  const text = await response.text()
  if (!response.ok) {
    const error = parseErrorBody(text)
    throw error === undefined ? new UnexpectedResponseError(operationId, response.status, text) : new ApiError(operationId, response.status, error, response.headers)
  }
  if (text === '') return { status: response.status, data: undefined, headers: response.headers }
  try {
    return { status: response.status, data: JSON.parse(text) as unknown, headers: response.headers }
  } catch {
    throw new UnexpectedResponseError(operationId, response.status, text)
  }
}

/** Base64 of the UTF-8 bytes: `btoa` alone refuses characters beyond Latin-1. */
function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
