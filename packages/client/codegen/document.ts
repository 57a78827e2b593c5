/**
 * The parts of an OpenAPI 3.1 document the generator reads. Everything else in the document
 * (examples, patterns, lengths) validates requests on the server and has no place in a type.
 */
export interface SchemaObject {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  nullable?: boolean
  description?: string
  deprecated?: boolean
  properties?: Record<string, SchemaObject>
  required?: string[]
  additionalProperties?: boolean | SchemaObject
  items?: SchemaObject
  oneOf?: SchemaObject[]
  anyOf?: SchemaObject[]
  allOf?: SchemaObject[]
  [annotation: string]: unknown
}

export interface ParameterObject {
  $ref?: string
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: SchemaObject
}

interface MediaTypeObject {
  schema?: SchemaObject
}

interface RequestBodyObject {
  $ref?: string
  required?: boolean
  content: Record<string, MediaTypeObject>
}

interface ResponseObject {
  $ref?: string
  description?: string
  content?: Record<string, MediaTypeObject>
}

export type SecurityRequirement = Record<string, string[]>

export interface OperationObject {
  operationId?: string
  summary?: string
  description?: string
  deprecated?: boolean
  parameters?: ParameterObject[]
  requestBody?: RequestBodyObject
  responses?: Record<string, ResponseObject>
  security?: SecurityRequirement[]
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
type HttpMethod = (typeof HTTP_METHODS)[number]

export type PathItemObject = { parameters?: ParameterObject[] } & Partial<Record<HttpMethod, OperationObject>>

interface SecuritySchemeObject {
  type: string
  scheme?: string
}

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths?: Record<string, PathItemObject>
  webhooks?: Record<string, PathItemObject>
  security?: SecurityRequirement[]
  components?: {
    schemas?: Record<string, SchemaObject>
    parameters?: Record<string, ParameterObject>
    requestBodies?: Record<string, RequestBodyObject>
    responses?: Record<string, ResponseObject>
    securitySchemes?: Record<string, SecuritySchemeObject>
  }
}

const SCHEMA_REF = '#/components/schemas/'

/** The component name a schema `$ref` points to; the generator names the type after it. */
export function schemaRefName(ref: string): string {
  if (!ref.startsWith(SCHEMA_REF)) throw new Error(`unsupported schema reference ${ref}: only ${SCHEMA_REF}<name> is`)
  return decodePointerToken(ref.slice(SCHEMA_REF.length))
}

/** Follows a local `$ref` (`#/components/...`) to the object it names, through chained references. */
export function resolveRef<T extends { $ref?: string }>(document: OpenApiDocument, value: T): T {
  let current: T = value
  for (let hops = 0; current.$ref !== undefined; hops += 1) {
    if (hops > 16) throw new Error(`reference cycle at ${value.$ref}`)
    current = lookUp(document, current.$ref) as T
  }
  return current
}

function lookUp(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported reference ${ref}: only local ones are`)
  let node: unknown = document
  for (const token of ref.slice(2).split('/').map(decodePointerToken)) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[token] : undefined
    if (node === undefined) throw new Error(`unresolved reference ${ref}`)
  }
  return node
}

// JSON Pointer escapes (RFC 6901)
const decodePointerToken = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~')
