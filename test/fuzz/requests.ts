import { typeOf, type ApiDocument, type KnownIds, type Operation, type Parameter, type Schema } from './api-document.js'
import * as bad from './malformed-values.js'
import type { Random } from './random.js'

export interface Credentials {
  clientId: string
  clientSecret: string
}

/** One malformed request, ready to send, and what was done to it. */
export interface FuzzRequest {
  operation: string
  mutations: string[]
  method: string
  /** Below the versioned base path, percent-encoded, query included. */
  path: string
  headers: Record<string, string>
  body?: Buffer
}

type FormPart = { name: string; value: string; filename?: string; type?: string }

/** A request being built: a probably valid base that mutations then break. */
interface Draft {
  pathParams: Record<string, string>
  query: string[]
  headers: Record<string, string>
  /** JSON to serialize; `raw` replaces it with exact bytes, `form` with multipart parts. */
  json?: unknown
  raw?: string
  form?: FormPart[]
  mutations: string[]
}

type Mutation = (draft: Draft, random: Random) => void

/**
 * JSON text that no JavaScript value serializes to (1e400, a 100,000-deep array) travels through
 * `JSON.stringify` as a marked string and is spliced in afterwards.
 */
const RAW_MARK = '\u0001raw:'
const rawJson = (text: string) => `${RAW_MARK}${text}\u0001`
const RAW_SPLICE = /"\\u0001raw:((?:[^"\\]|\\.)*)\\u0001"/g

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, 'latin1').toString('base64')}`
/** Percent-encodes UTF-8 as a client would; a lone surrogate goes as U+FFFD, which encodeURIComponent refuses to do. */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) => String.fromCharCode(byte))
    .map((char) => (/[A-Za-z0-9\-_.~]/.test(char) ? char : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`))
    .join('')
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

/** Builds malformed requests for the document's operations; every choice comes from the seeded generator. */
export class RequestFactory {
  constructor(
    private readonly document: ApiDocument,
    private readonly known: KnownIds,
    private readonly credentials: Credentials,
  ) {}

  /**
   * The `round`th malformed request for an operation: round after round, each kind of mutation
   * the operation admits is applied in turn (with what it puts in drawn at random), and a quarter
   * of the requests get a second, random one.
   */
  build(operation: Operation, round: number, random: Random): FuzzRequest {
    const draft = this.baseDraft(operation, random)
    const mutations = this.mutationsFor(operation)
    const chosen = [mutations[round % mutations.length]!, ...(random.chance(0.25) ? [random.pick(mutations)] : [])]
    for (const [label, mutate] of chosen) {
      draft.mutations.push(label)
      mutate(draft, random)
    }
    return this.serialize(operation, draft)
  }

  private baseDraft(operation: Operation, random: Random): Draft {
    const pathParams: Record<string, string> = {}
    const query: string[] = []
    for (const parameter of operation.parameters) {
      if (parameter.in === 'path') pathParams[parameter.name] = encode(String(this.document.sample(parameter.schema, random, this.known, parameter.name, 1)))
      if (parameter.in === 'query' && (parameter.required || random.chance(0.3))) {
        query.push(`${parameter.name}=${encode(String(this.document.sample(parameter.schema, random, this.known, parameter.name, 1)))}`)
      }
    }
    const draft: Draft = { pathParams, query, headers: { authorization: basic(this.credentials.clientId, this.credentials.clientSecret) }, mutations: [] }
    if (operation.body?.contentType === 'application/json') {
      draft.headers['content-type'] = 'application/json'
      draft.json = this.document.sample(operation.body.schema, random, this.known)
    } else if (operation.body !== undefined) {
      draft.form = this.formOf(operation.body.schema, random)
    }
    return draft
  }

  private formOf(schema: Schema, random: Random): FormPart[] {
    return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) =>
      this.document.resolve(property).format === 'binary'
        ? { name, value: '%PDF-1.4 fuzz', filename: 'document.pdf', type: 'application/pdf' }
        : { name, value: String(this.document.sample(property, random, this.known, name, 1)) },
    )
  }

  private mutationsFor(operation: Operation): Array<[string, Mutation]> {
    const paths = operation.parameters.filter((p) => p.in === 'path')
    const queries = operation.parameters.filter((p) => p.in === 'query')
    const all: Array<[string, Mutation]> = [...this.headerMutations(), ...this.credentialMutations(), ...this.queryMutations(queries)]
    if (paths.length > 0) all.push(...this.pathMutations(paths))
    if (operation.body?.contentType === 'application/json') all.push(...this.jsonMutations(operation.body.schema))
    else if (operation.body !== undefined) all.push(...this.formMutations())
    else all.push(['body.unexpected', (d) => ((d.raw = '{"unexpected":true}'), (d.headers['content-type'] = 'application/json'))])
    return all
  }

  private jsonMutations(schema: Schema): Array<[string, Mutation]> {
    const atField = (label: string, value: (random: Random) => unknown): [string, Mutation] => [
      `body.field.${label}`,
      (d, random) => {
        const target = this.fieldOf(d, schema, random)
        if (target === undefined) d.json = value(random)
        else target.parent[target.key] = value(random)
      },
    ]
    // a mutation listed more than once takes more of the rounds
    const mutations: Array<[string, Mutation]> = [
      atField('hostile-string', (r) => r.pick(bad.HOSTILE_STRINGS)),
      atField('hostile-string', (r) => r.pick(bad.HOSTILE_STRINGS)),
      atField('hostile-string', (r) => r.pick(bad.HOSTILE_STRINGS)),
      atField('bad-id', (r) => r.pick(bad.BAD_IDS)),
      atField('wrong-type', (r) => rawJson(r.pick(bad.WRONG_TYPES))),
      atField('wrong-type', (r) => rawJson(r.pick(bad.WRONG_TYPES))),
      atField('boundary-number', (r) => rawJson(r.pick(bad.BOUNDARY_NUMBERS))),
      atField('boundary-number', (r) => rawJson(r.pick(bad.BOUNDARY_NUMBERS))),
      atField('huge-string', (r) => r.pick(['x', 'é', '\u0000', '😀']).repeat(r.pick([256, 1025, 100_000]))),
      atField('huge-array', (r) => Array.from({ length: 10_000 }, () => r.pick(['NOT_A_VALUE', '\u0000', 7]))),
      atField('deep-nesting', (r) => rawJson(deepArray(r.pick([64, 5000, 100_000])))),
      atField('hostile-record', (r) => ({ [r.pick(bad.HOSTILE_STRINGS)]: r.pick(bad.HOSTILE_STRINGS), nested: { deeper: [r.pick(bad.HOSTILE_STRINGS)] } })),
      [
        'body.field.missing',
        (d, random) => {
          const target = this.fieldOf(d, schema, random)
          if (target !== undefined) delete target.parent[target.key]
        },
      ],
      [
        'body.unknown-field',
        (d, random) => {
          const target = this.objectOf(d, random)
          if (target !== undefined) target[random.pick(['unknownField', 'constructor', 'a\u0000b', '\u202Ekey', '<b>', 'x'.repeat(1000), 'prototype'])] = random.pick(bad.HOSTILE_STRINGS)
        },
      ],
      ['body.prototype-pollution', (d) => (d.raw = prototypePollution(d))],
      ['body.invalid-json', (d, random) => (d.raw = random.pick(bad.INVALID_JSON))],
      ['body.non-object', (d, random) => (d.raw = random.pick(bad.NON_OBJECT_ROOTS))],
      ['body.empty', (d, random) => (d.raw = random.pick(['', ' ', '\n']))],
      ['body.content-type', (d, random) => setHeader(d, 'content-type', random.pick(bad.CONTENT_TYPES))],
      ['body.too-large', (d) => (d.raw = `{"padding":"${'x'.repeat(1024 * 1024)}"}`)],
    ]
    return mutations
  }

  private formMutations(): Array<[string, Mutation]> {
    const atPart = (label: string, change: (part: FormPart, random: Random) => void): [string, Mutation] => [
      `form.${label}`,
      // a part another mutation removed (the form's only one) is put back to be mutated
      (d, random) => change(d.form!.length > 0 ? random.pick(d.form!) : (d.form![d.form!.push({ name: 'file', value: '' }) - 1]!), random),
    ]
    return [
      atPart('hostile-value', (part, r) => (part.value = r.pick(bad.HOSTILE_STRINGS))),
      atPart('hostile-value', (part, r) => (part.value = r.pick(bad.HOSTILE_STRINGS))),
      atPart('bad-id', (part, r) => (part.value = r.pick(bad.BAD_IDS))),
      atPart('hostile-filename', (part, r) => ((part.filename = r.pick(['a\u0000.pdf', '\u202Efdp.exe', '../../x.pdf', 'x'.repeat(5000), ''])), (part.type ??= 'application/pdf'))),
      atPart('wrong-part-type', (part, r) => ((part.type = r.pick(['text/html', 'application/x-msdownload', 'application/json'])), (part.filename ??= 'x.bin'))),
      atPart('huge-value', (part) => (part.value = 'x'.repeat(200_000))),
      ['form.missing-part', (d, random) => d.form!.splice(random.int(d.form!.length), 1)],
      ['form.unknown-part', (d, random) => d.form!.push({ name: random.pick(['unknown', 'a\u0000b', '__proto__']), value: random.pick(bad.HOSTILE_STRINGS) })],
      ['form.broken-multipart', (d, random) => ((d.raw = random.pick(['--fuzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx', 'not multipart', '--fuzz--'])), (d.headers['content-type'] = 'multipart/form-data; boundary=fuzz'))],
      ['form.json-instead', (d) => ((d.raw = '{"documentType":"PASSPORT"}'), (d.headers['content-type'] = 'application/json'))],
      ['form.no-boundary', (d) => ((d.raw = 'x'), (d.headers['content-type'] = 'multipart/form-data'))],
    ]
  }

  private pathMutations(parameters: Parameter[]): Array<[string, Mutation]> {
    return [
      ['path.bad-segment', (d, random) => (d.pathParams[random.pick(parameters).name] = random.pick(bad.BAD_PATH_SEGMENTS))],
      ['path.bad-segment', (d, random) => (d.pathParams[random.pick(parameters).name] = random.pick(bad.BAD_PATH_SEGMENTS))],
      ['path.bad-id', (d, random) => (d.pathParams[random.pick(parameters).name] = encode(random.pick(bad.BAD_IDS)))],
      ['path.hostile-string', (d, random) => (d.pathParams[random.pick(parameters).name] = encode(random.pick(bad.HOSTILE_STRINGS.filter((s) => s !== ''))))],
    ]
  }

  private queryMutations(parameters: Parameter[]): Array<[string, Mutation]> {
    const mutations: Array<[string, Mutation]> = [
      ['query.unknown', (d, random) => d.query.push(`${random.pick(['unknown', '__proto__', 'a%00b'])}=${encode(random.pick(bad.HOSTILE_STRINGS))}`)],
      ['query.broken', (d, random) => d.query.push(random.pick(bad.BAD_QUERY_STRINGS))],
    ]
    if (parameters.length > 0) {
      const badValue: Mutation = (d, random) => {
        const parameter = random.pick(parameters)
        setQuery(d, parameter, badQueryValue(parameter.schema, random))
      }
      mutations.push(
        ['query.bad-value', badValue],
        ['query.bad-value', badValue],
        ['query.hostile-string', (d, random) => setQuery(d, random.pick(parameters), encode(random.pick(bad.HOSTILE_STRINGS)))],
        ['query.bad-cursor', (d, random) => d.query.push(`cursor=${encode(random.pick(bad.BAD_CURSORS))}`)],
        ['query.repeated', (d, random) => {
          const parameter = random.pick(parameters)
          d.query.push(`${parameter.name}=1`, `${parameter.name}=2`)
        }],
      )
    }
    return mutations
  }

  private headerMutations(): Array<[string, Mutation]> {
    return [
      ['header.idempotency-key', (d, random) => (d.headers['idempotency-key'] = random.pick(bad.BAD_IDEMPOTENCY_KEYS))],
      ['header.idempotency-key', (d, random) => (d.headers['idempotency-key'] = random.pick(bad.BAD_IDEMPOTENCY_KEYS))],
      ['header.signed-retry', (d, random) => {
        d.headers['request-id'] = random.pick(bad.BAD_HEADER_VALUES)
        if (random.chance(0.7)) d.headers['service-wallet-signature'] = random.pick(bad.BAD_HEADER_VALUES)
      }],
      ['header.request-id', (d, random) => (d.headers['x-request-id'] = random.pick(bad.BAD_HEADER_VALUES))],
      ['header.oversized', (d) => (d.headers['x-padding'] = 'p'.repeat(20_000))],
      ['header.accept', (d, random) => (d.headers.accept = random.pick(['text/html', 'application/xml', 'clé/ÿ', '*/*;q=abc']))],
    ]
  }

  private credentialMutations(): Array<[string, Mutation]> {
    const { clientId, clientSecret } = this.credentials
    const authorizations = [
      undefined,
      'Basic',
      'Basic !!!',
      'Bearer abc',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      basic('', ''),
      basic(clientId, 'wrong-secret'),
      basic(clientId, `${clientSecret}x`),
      basic('unknown-client', clientSecret),
      basic(clientId, 'clé-ÿ'),
      basic('clé', 'ÿ'),
      `Basic ${'A'.repeat(8000)}`,
      `basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}x`,
    ]
    return [['credentials', (d, random) => setHeader(d, 'authorization', random.pick(authorizations))]]
  }

  /** A field of the JSON body, sampled or declared, to break. */
  private fieldOf(d: Draft, schema: Schema, random: Random): { parent: Record<string, unknown>; key: string } | undefined {
    if (typeof d.json !== 'object' || d.json === null) return undefined
    const locations: Array<{ parent: any; key: string }> = []
    const visit = (value: any) => {
      if (typeof value !== 'object' || value === null) return
      for (const key of Object.keys(value)) {
        locations.push({ parent: value, key })
        visit(value[key])
      }
    }
    visit(d.json)
    for (const key of Object.keys((this.document.resolve(schema).properties ?? {}) as object)) locations.push({ parent: d.json, key })
    return locations.length === 0 ? undefined : random.pick(locations)
  }

  /** An object of the JSON body (the root or a nested one). */
  private objectOf(d: Draft, random: Random): Record<string, unknown> | undefined {
    const objects: Array<Record<string, unknown>> = []
    const visit = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return
      if (!Array.isArray(value)) objects.push(value as Record<string, unknown>)
      for (const child of Object.values(value)) visit(child)
    }
    visit(d.json)
    return objects.length === 0 ? undefined : random.pick(objects)
  }

  private serialize(operation: Operation, d: Draft): FuzzRequest {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => d.pathParams[name] ?? 'x')
    const query = d.query.length > 0 ? `?${d.query.join('&')}` : ''
    const headers = { ...d.headers }
    let body: Buffer | undefined
    if (d.raw !== undefined) body = Buffer.from(d.raw)
    else if (d.form !== undefined) {
      const multipart = multipartOf(d.form)
      body = multipart.body
      headers['content-type'] ??= multipart.contentType
    } else if (d.json !== undefined) body = Buffer.from(JSON.stringify(d.json).replace(RAW_SPLICE, (_, text: string) => JSON.parse(`"${text}"`) as string))
    return { operation: operation.name, mutations: d.mutations, method: operation.method, path: `${path}${query}`, headers, body }
  }
}

function setHeader(d: Draft, name: string, value: string | undefined): void {
  if (value === undefined) delete d.headers[name]
  else d.headers[name] = value
}

function setQuery(d: Draft, parameter: Parameter, value: string): void {
  d.query = d.query.filter((pair) => !pair.startsWith(`${parameter.name}=`))
  d.query.push(`${parameter.name}=${value}`)
}

/** A query value wrong for the parameter's type, already percent-encoded. */
function badQueryValue(schema: Schema, random: Random): string {
  if (Array.isArray(schema.enum)) return random.pick([String(schema.enum[0]).toLowerCase(), 'UNKNOWN', '%00', `${schema.enum[0]}%00`])
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return random.pick(bad.BAD_INTEGERS)
    case 'boolean':
      return random.pick(bad.BAD_BOOLEANS)
    default:
      return schema.format === 'date-time' ? random.pick(bad.BAD_TIMESTAMPS) : encode(random.pick([...bad.HOSTILE_STRINGS, ...bad.BAD_IDS]))
  }
}

/** The body as raw text with `__proto__` and `constructor.prototype` keys, which an object literal cannot carry as data. */
function prototypePollution(d: Draft): string {
  const text = JSON.stringify(d.json ?? {})
  const pollution = '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}'
  return text.startsWith('{') ? `{${pollution}${text.length > 2 ? ',' : ''}${text.slice(1)}` : `{${pollution}}`
}

function multipartOf(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = 'fuzzboundary7d3a'
  const chunks = parts.map((part) => {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`
    return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n${part.value}\r\n`
  })
  return { body: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` }
}
