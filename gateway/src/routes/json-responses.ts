import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONParsed } from 'hono/utils/types'

/** A JSON response entry of a route's OpenAPI description. */
export const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/** A required JSON request body. */
export const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } })

/** A required multipart/form-data request body (file uploads). */
export const formBody = <T>(schema: T) => ({ required: true, content: { 'multipart/form-data': { schema } } })

const JSON_CONTENT = { 'content-type': 'application/json' }

/**
 * A resource's JSON as the service that owns it produced it (the same text its webhooks carry),
 * sent on unchanged: the gateway never rebuilds a resource. `T` is the body the route declares;
 * the owning service's contract tests hold the text to it.
 */
export const ownedJson = <T, S extends ContentfulStatusCode>(c: Context, text: string, status: S) =>
  c.body(text, status, JSON_CONTENT) as Response as Response & TypedResponse<JSONParsed<T>, S, 'json'>
