import { schemaRefName, type SchemaObject } from './document.js'
import { arrayType, docComment, intersectionMember, literalType, propertyKey, spaced, unionType } from './text.js'

/** Keywords that describe or constrain a value without changing its type. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'readOnly', 'writeOnly', 'deprecated', 'default', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems', 'multipleOf', 'discriminator', 'externalDocs', 'xml'])

/** Whether a schema only annotates (an `allOf` member that adds a description to a `$ref`). */
const isAnnotationOnly = (schema: SchemaObject): boolean => Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'))

/**
 * The TypeScript type of a JSON Schema, written at `indent` (the indentation of the line it starts
 * on). `$ref`s become the component's name; the schemas' own names come from the components.
 */
export function schemaType(schema: SchemaObject | undefined, indent = ''): string {
  if (schema === undefined) return 'unknown'
  if (schema.$ref !== undefined) return schemaRefName(schema.$ref)
  const type = baseType(schema, indent)
  // OpenAPI 3.0's way of saying null is allowed; 3.1 lists 'null' among the types instead
  return schema.nullable === true ? unionType([type, 'null'], indent) : type
}

function baseType(schema: SchemaObject, indent: string): string {
  if (schema.const !== undefined) return literalType(schema.const)
  if (schema.enum !== undefined) return unionType(schema.enum.map(literalType), indent)
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives !== undefined) return unionType(alternatives.map((member) => schemaType(member, indent)), indent)
  if (schema.allOf !== undefined) return intersection(schema, indent)
  if (Array.isArray(schema.type)) {
    // {type: ['string', 'null']}: the same schema once per type
    return unionType(schema.type.map((type) => baseType({ ...schema, type }, indent)), indent)
  }
  return typeOfKind(schema, schema.type, indent)
}

function intersection(schema: SchemaObject, indent: string): string {
  const { allOf = [], ...own } = schema
  const members = allOf.filter((member) => !isAnnotationOnly(member)).map((member) => schemaType(member, indent))
  // properties beside allOf add to what the members say
  if (own.properties !== undefined) members.push(objectType(own, indent))
  if (members.length === 0) return 'unknown'
  return members.length === 1 ? members[0]! : members.map(intersectionMember).join(' & ')
}

function typeOfKind(schema: SchemaObject, kind: string | undefined, indent: string): string {
  switch (kind) {
    case 'string':
      // a file part of a multipart body
      return schema.format === 'binary' ? 'Blob' : 'string'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array':
      return arrayType(schemaType(schema.items, indent), indent)
    case 'object':
      return objectType(schema, indent)
    default:
      // no type: an object when it lists properties, otherwise any JSON value
      return schema.properties !== undefined || schema.additionalProperties !== undefined ? objectType(schema, indent) : 'unknown'
  }
}

function objectType(schema: SchemaObject, indent: string): string {
  const listed = schema.properties ?? {}
  // a key required but not described (`allOf` making a base's optional key required) is there, of the base's type
  const unlisted = (schema.required ?? []).filter((name) => !(name in listed)).map((name): [string, SchemaObject] => [name, {}])
  const properties = [...Object.entries(listed), ...unlisted]
  const extra = schema.additionalProperties
  if (properties.length === 0) {
    if (extra === false) return 'Record<string, never>'
    return `Record<string, ${extra === undefined || extra === true ? 'unknown' : schemaType(extra, indent)}>`
  }
  const inner = `${indent}  `
  const required = new Set(schema.required ?? [])
  const lines = properties.map(
    ([name, property]) =>
      `${docComment([property.description, property.deprecated === true ? '@deprecated' : undefined], inner)}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}:${spaced(schemaType(property, inner))}\n`,
  )
  // further keys may hold anything: the listed properties' types need not match the extra ones'
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown\n`)
  return `{\n${lines.join('')}${indent}}`
}
