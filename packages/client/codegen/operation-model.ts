import {
  HTTP_METHODS,
  resolveRef,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type SchemaObject,
  type SecurityRequirement,
} from './document.js'
import { byName, isIdentifier } from './text.js'

type AuthScheme = 'basic' | 'bearer'
type BodyKind = 'json' | 'multipart'

export interface ParameterModel {
  /** As sent: the path or query name, or the header's canonical spelling (`Idempotency-Key`). */
  name: string
  required: boolean
  description?: string
  schema?: SchemaObject
}

export interface OperationModel {
  id: string
  method: string
  path: string
  summary?: string
  description?: string
  deprecated: boolean
  /** Credentials the operation accepts, in the document's order; empty when it takes none. */
  auth: AuthScheme[]
  pathParameters: ParameterModel[]
  queryParameters: ParameterModel[]
  headerParameters: ParameterModel[]
  body?: { kind: BodyKind; required: boolean; schema?: SchemaObject }
  /** The 2xx answers by status; `schema` is absent for an answer without a body (204). */
  responses: Array<{ status: number; schema?: SchemaObject }>
  errors: Array<{ status: number; schema?: SchemaObject }>
}

/** Every operation of the document, sorted by operation id, in the shape the emitters write. */
export function operationModels(document: OpenApiDocument): OperationModel[] {
  const models = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method] !== undefined).map((method) => operationModel(document, path, item, method)),
  )
  const seen = new Set<string>()
  for (const model of models) {
    if (seen.has(model.id)) throw new Error(`operationId ${model.id} names two operations`)
    seen.add(model.id)
  }
  return models.sort(byName((model) => model.id))
}

function operationModel(document: OpenApiDocument, path: string, item: PathItemObject, method: (typeof HTTP_METHODS)[number]): OperationModel {
  const operation = item[method]!
  const where = `${method.toUpperCase()} ${path}`
  // the method is named after the operation: without an id there is no name to give it
  if (operation.operationId === undefined) throw new Error(`${where} has no operationId`)
  if (!isIdentifier(operation.operationId)) throw new Error(`${where}: operationId ${operation.operationId} is not an identifier`)
  const parameters = mergedParameters(document, item, operation)
  const of = (location: ParameterObject['in']) => parameters.filter((p) => p.in === location).map((p) => parameterModel(p, location))
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description,
    deprecated: operation.deprecated === true,
    auth: authSchemes(document, operation.security ?? document.security ?? [], where),
    pathParameters: of('path'),
    queryParameters: of('query'),
    headerParameters: of('header'),
    body: requestBody(document, operation, where),
    ...answers(document, operation),
  }
}

/** The path item's parameters with the operation's, an operation's one replacing the path's of the same name and place. */
function mergedParameters(document: OpenApiDocument, item: PathItemObject, operation: OperationObject): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>()
  for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p))) {
    byKey.set(`${parameter.in} ${parameter.name.toLowerCase()}`, parameter)
  }
  return [...byKey.values()]
}

const parameterModel = (parameter: ParameterObject, location: ParameterObject['in']): ParameterModel => ({
  name: location === 'header' ? canonicalHeaderName(parameter.name) : parameter.name,
  required: location === 'path' || parameter.required === true,
  description: parameter.description,
  schema: parameter.schema,
})

/** `idempotency-key` → `Idempotency-Key`: header names are case-insensitive, and this is how the spec writes them. */
const canonicalHeaderName = (name: string): string =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('-')

function authSchemes(document: OpenApiDocument, security: SecurityRequirement[], where: string): AuthScheme[] {
  const schemes = security.flatMap((requirement) => Object.keys(requirement))
  const auth = schemes.map((name): AuthScheme => {
    const scheme = document.components?.securitySchemes?.[name]
    if (scheme?.type === 'http' && (scheme.scheme === 'basic' || scheme.scheme === 'bearer')) return scheme.scheme
    throw new Error(`${where}: security scheme ${name} is not HTTP basic or bearer`)
  })
  return [...new Set(auth)]
}

function requestBody(document: OpenApiDocument, operation: OperationObject, where: string): OperationModel['body'] {
  if (operation.requestBody === undefined) return undefined
  const body = resolveRef(document, operation.requestBody)
  const required = body.required === true
  if (body.content['application/json'] !== undefined) return { kind: 'json', required, schema: body.content['application/json'].schema }
  if (body.content['multipart/form-data'] !== undefined) return { kind: 'multipart', required, schema: body.content['multipart/form-data'].schema }
  throw new Error(`${where}: no JSON or multipart body among ${Object.keys(body.content).join(', ')}`)
}

function answers(document: OpenApiDocument, operation: OperationObject): Pick<OperationModel, 'responses' | 'errors'> {
  const all = Object.entries(operation.responses ?? {})
    // `default` and ranges (`4XX`) name no status a type could be keyed by
    .filter(([status]) => /^\d{3}$/.test(status))
    .map(([status, response]) => ({ status: Number(status), schema: resolveRef(document, response).content?.['application/json']?.schema }))
    .sort((a, b) => a.status - b.status)
  return { responses: all.filter((a) => a.status >= 200 && a.status < 300), errors: all.filter((a) => a.status >= 400) }
}
