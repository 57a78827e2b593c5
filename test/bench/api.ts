/** A client of the mesh's REST API with one platform's credentials, for setting up the phases. */
export type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>

export const basicAuth = (credentials: { clientId: string; clientSecret: string }): string =>
  `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`

export function apiClient(baseUrl: string, credentials: { clientId: string; clientSecret: string }): Api {
  const authorization = basicAuth(credentials)
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
}
