import { invalidInput } from '@pp/errors'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
const URI_LENGTH_MAX = 2048

/** The spec: `https://`, or `http://` for local development (a loopback host). */
export function assertRedirectUri(value: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  const isAllowed =
    url !== undefined &&
    value.length <= URI_LENGTH_MAX &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)))
  if (isAllowed) return value
  throw invalidInput([
    {
      field: 'redirectUri',
      message: 'must be an https:// URI, or http:// for localhost',
      constraint: { format: 'uri', pattern: '^(https://|http://(localhost|127\\.0\\.0\\.1|\\[::1\\])[:/])', maxLength: URI_LENGTH_MAX },
    },
  ])
}
