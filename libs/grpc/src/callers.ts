import type { ServiceDefinition } from '@grpc/grpc-js'
import { ADMIN_IDENTITY } from '@pp/identity'

/**
 * Which identities (`spiffe://payments-platform/<name>`, by name) may call each method a server
 * serves, by method path (`/ledger.v1.LedgerService/CreateTransfer`). A service keeps its own in
 * `src/rpc/callers.ts`; every method it registers must have an entry (`checkCallerTable`), so a
 * new method cannot go out callable by everyone.
 */
export type CallerTable = Readonly<Record<string, readonly string[]>>

/**
 * Where a server listens: `public` for the mesh's calls, `operator` (OPERATOR_GRPC_ADDRESS) for
 * the admin identity alone, or `single` when a server has no operator address (in-process tests).
 */
export type ListenerKind = 'public' | 'operator' | 'single'

const pathsOf = (definitions: ServiceDefinition[]): string[] => definitions.flatMap((definition) => Object.values(definition).map((method) => method.path))
const serviceOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1)

/**
 * Fails the start when a served method has no entry, or an entry of a served service names a
 * method it no longer has (a stale one). Entries of services this server does not register are
 * left alone: a test may serve one service of several.
 */
export function checkCallerTable(table: CallerTable, definitions: ServiceDefinition[]): void {
  const paths = pathsOf(definitions)
  const services = new Set(paths.map(serviceOf))
  const missing = paths.filter((path) => !(path in table))
  const stale = Object.keys(table).filter((path) => services.has(serviceOf(path)) && !paths.includes(path))
  if (missing.length > 0 || stale.length > 0) {
    const lines = [...missing.map((path) => `  no callers listed for ${path}`), ...stale.map((path) => `  callers listed for ${path}, which is not served`)]
    throw new Error(`the callers table does not match the methods served:\n${lines.join('\n')}`)
  }
}

/**
 * The admin identity is served on the operator port only and every other on the public port
 * only, so operator methods are not reachable where the mesh's traffic arrives, and a stolen
 * service certificate does not open the operator port.
 */
export function mayCall(table: CallerTable, path: string, caller: string, listener: ListenerKind): boolean {
  if (!(table[path] ?? []).includes(caller)) return false
  if (listener === 'public') return caller !== ADMIN_IDENTITY
  if (listener === 'operator') return caller === ADMIN_IDENTITY
  return true
}

/** Whether a listener serves `path` at all: the operator port only methods the admin may call, the public port only the others. */
export function servesOn(table: CallerTable, path: string, listener: ListenerKind): boolean {
  const callers = table[path] ?? []
  if (listener === 'public') return callers.some((caller) => caller !== ADMIN_IDENTITY)
  if (listener === 'operator') return callers.includes(ADMIN_IDENTITY)
  return true
}
