/**
 * The guard's own answer (the 202 challenge or a 401) returned from an OpenAPI route handler.
 * OpenAPIHono types a handler's answers by the JSON bodies its route declares; the guard's
 * Response is one of those (the route declares 202 and 401) but cannot carry that type itself.
 */
export const guardAnswer = (response: Response): never => response as never
