import type { Random } from './random.js'

/** A JSON Schema object of the API document, as far as the fuzzer reads it. */
export type Schema = { [keyword: string]: any }

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: Schema
}

export interface Operation {
  /** `POST /customers`, as the summary names it. */
  name: string
  method: string
  path: string
  parameters: Parameter[]
  body?: { contentType: string; schema: Schema }
}

/** Values the mesh holds (a customer, an internal account...), used where a field names one. */
export type KnownIds = Record<string, string>

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** The operations and schemas of the OpenAPI document the gateway serves. */
export class ApiDocument {
  readonly operations: Operation[]

  constructor(private readonly document: any) {
    this.operations = Object.entries(document.paths as Record<string, any>).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] !== undefined).map((method) => {
        const entry = item[method]
        const [contentType, media] = Object.entries((entry.requestBody?.content ?? {}) as Record<string, any>)[0] ?? []
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          parameters: ((entry.parameters ?? []) as any[]).map((p) => ({ name: p.name, in: p.in, required: p.required === true, schema: this.resolve(p.schema) })),
          body: contentType === undefined ? undefined : { contentType, schema: this.resolve(media.schema) },
        }
      }),
    )
  }

  /** A schema with its `$ref` followed and its `allOf` parts merged. */
  resolve(schema: Schema | undefined): Schema {
    if (schema === undefined) return {}
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/components/schemas/', '')
      return this.resolve({ ...this.document.components.schemas[name], ...withoutKey(schema, '$ref') })
    }
    if (Array.isArray(schema.allOf)) {
      return schema.allOf.map((part: Schema) => this.resolve(part)).reduce(mergeSchemas, withoutKey(schema, 'allOf'))
    }
    return schema
  }

  /**
   * A value the schema probably accepts: examples, enumerations and formats where the document
   * gives them, and the mesh's own ids for fields that name a resource. A base that passes
   * validation lets a single malformed field reach the services behind the gateway.
   */
  sample(schema: Schema, random: Random, known: KnownIds, name = '', depth = 0): unknown {
    const s = this.resolve(schema)
    const variants = s.oneOf ?? s.anyOf
    if (Array.isArray(variants)) return this.sample(random.pick(variants), random, known, name, depth)
    if (Array.isArray(s.enum)) return random.pick(s.enum)
    if (s.const !== undefined) return s.const
    if (known[name] !== undefined && typeOf(s) === 'string') return known[name]
    if (s.example !== undefined && depth > 0 && typeOf(s) !== 'object') return onThisMachine(s.example)
    switch (typeOf(s)) {
      case 'object': {
        const value: Record<string, unknown> = {}
        const required = new Set<string>(s.required ?? [])
        for (const [key, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
          if (this.resolve(property).readOnly) continue
          if (required.has(key) || (depth < 4 && random.chance(0.3))) value[key] = this.sample(property, random, known, key, depth + 1)
        }
        if (s.properties === undefined && s.additionalProperties !== undefined) return s.example ?? { FULL_NAME: 'Jane Sender' }
        return value
      }
      case 'array': {
        const count = Math.max(s.minItems ?? 0, depth < 4 && random.chance(0.5) ? 1 : 0)
        return Array.from({ length: count }, () => this.sample(s.items ?? {}, random, known, name, depth + 1))
      }
      case 'integer':
      case 'number':
        return s.example ?? Math.max(s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1)
      case 'boolean':
        return random.chance(0.5)
      default:
        return onThisMachine(s.example ?? FORMAT_SAMPLES[s.format] ?? 'x'.repeat(Math.max(1, s.minLength ?? 1)))
    }
  }
}

/** Nothing listens there: a webhook the mesh sends to it fails at once, without leaving the machine. */
const LOOPBACK_URL = 'http://127.0.0.1:9/fuzz'

/** Requests the mesh makes on the fuzzer's behalf (webhooks) go to this machine, never to an example's host. */
const onThisMachine = (value: unknown) => (typeof value === 'string' && /^https?:\/\//.test(value) ? LOOPBACK_URL : value)

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2025-10-14T10:00:00Z',
  date: '1990-01-15',
  email: 'fuzz@example.com',
  uri: LOOPBACK_URL,
  url: LOOPBACK_URL,
  ip: '198.51.100.24',
  'e.164': '+14155551234',
  'iso3166-1-alpha-2': 'US',
}

/** The JSON type a schema describes (the first non-null one of a type list). */
export function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t: string) => t !== 'null')
  if (schema.type !== undefined) return schema.type
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object'
  return undefined
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  return {
    ...a,
    ...b,
    properties: a.properties || b.properties ? { ...a.properties, ...b.properties } : undefined,
    required: [...(a.required ?? []), ...(b.required ?? [])],
  }
}

function withoutKey(schema: Schema, key: string): Schema {
  const { [key]: _omitted, ...rest } = schema
  return rest
}
