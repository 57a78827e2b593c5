/** The same server with another database name, e.g. the maintenance database `postgres`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''))
  if (!/^[\w-]+$/.test(name)) throw new Error(`unsupported database name "${name}"`)
  return name
}

/** The role a database URL logs in as. */
export const roleOf = (url: string): string => decodeURIComponent(new URL(url).username)

/** Where a database URL points, without its credentials, for log lines. */
export function serverOf(url: string): string {
  const { hostname, port } = new URL(url)
  return `${hostname}:${port || '5432'}`
}
