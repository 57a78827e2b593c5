/** A JSON response entry of a route's OpenAPI description. */
export const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/** A required JSON request body. */
export const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } })

/** A required multipart/form-data request body (file uploads). */
export const formBody = <T>(schema: T) => ({ required: true, content: { 'multipart/form-data': { schema } } })
