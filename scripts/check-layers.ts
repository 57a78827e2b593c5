/**
 * `pnpm lint` runs this: every service (and the gateway) keeps one skeleton, rpc/ → domain/ → db/,
 * and none reaches into another's code. It reads the imports with the TypeScript compiler
 * (`scripts/layering.ts`), following re-exports and type aliases to what they name.
 *
 * - domain-prisma: a file in `src/domain/` names nothing of Prisma: no @prisma/* or generated
 *   client import, and no name from elsewhere (db/client.ts's `Tx`, a row type db/ re-exports)
 *   that is, or is declared as, a Prisma type or client (db/client.ts's `open`, typed as what turns
 *   a handle into Prisma's client, included), and no db/ function whose declared or inferred return
 *   type is, or holds, a Prisma row or client. The domain holds the database and its transactions as
 *   opaque handles (`DbHandle`/`TxHandle` of @pp/db) and declares the shapes it works with; db/
 *   opens the handles and maps Prisma's rows into them.
 * - domain-imports: a file in `src/domain/` imports no transport code: not @pp/proto, @pp/grpc,
 *   @grpc/*, nor the service's own `rpc/`.
 * - domain-adapters: domain/ declares the ports it needs (`domain/deps.ts`) and is handed their
 *   implementations, so a file in `src/domain/` may import types from `src/providers/` (adapters
 *   to the outside: card issuer, KYC vendor, bank rails) or `src/clients/` (gRPC clients of other
 *   services) but no value: main.ts wires them.
 * - domain-queries: a file in `src/domain/` calls no Prisma client method (a model query such as
 *   `tx.customer.update(`, `$queryRaw`/`$executeRaw`/`$transaction`); queries live in `db/`.
 * - db-imports-domain: the direction is rpc/ → domain/ → db/: domain/ calls db/'s queries and
 *   declares the shapes they take and return, so a file in `src/db/` may import domain/'s types
 *   but no value of it (no rule, view or use case).
 * - cycle: no two files of a service import each other, directly or around a loop (type-only
 *   imports count too).
 * - cross-service: no file of a service or of the gateway imports another one's code, by a
 *   relative path or by its package name; what they share lives in `libs/`.
 *
 * Tests (`*.test.ts`, `test/`) and generated code are exempt. Any violation fails the check.
 */
import { resolve } from 'node:path'
import { findViolations } from './layering.js'

const found = findViolations(resolve(import.meta.dirname, '..')).map((v) => `${v.file}: ${v.rule}: ${v.what}`)
if (found.length > 0) {
  console.error(`Layering: ${found.length} violation(s) of the service skeleton (see scripts/check-layers.ts):\n  ${found.join('\n  ')}`)
  process.exit(1)
}
console.log('layering: every service keeps rpc/ -> domain/ -> db/, without cycles, and none imports another')
