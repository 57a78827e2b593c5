/**
 * `pnpm lint` runs this: every service keeps one skeleton, rpc/ → domain/ → db/, and none reaches
 * into another's code.
 *
 * - domain-imports: a file in `src/domain/` imports no transport or storage code: not @pp/proto,
 *   @pp/grpc, @grpc/*, @prisma/*, a Prisma generated client, nor the service's own `rpc/`.
 * - domain-queries: a file in `src/domain/` runs no Prisma query itself (a model call such as
 *   `tx.customer.update(`, or `$queryRaw`/`$executeRaw`/`$transaction`); queries live in `db/`.
 * - cross-service: no file of a service or of the gateway imports another one's code, by a
 *   relative path or by its package name; what they share lives in `libs/`.
 *
 * Tests are exempt. Any violation fails the check.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

const units = [
  ...readdirSync(join(root, 'services')).map((name) => ({ name, dir: join(root, 'services', name) })),
  { name: 'gateway', dir: join(root, 'gateway') },
]
const packageNames = new Map(units.map((u) => [JSON.parse(readFileSync(join(u.dir, 'package.json'), 'utf8')).name as string, u.name]))

const FORBIDDEN_IN_DOMAIN = [/^@pp\/proto(\/|$)/, /^@pp\/grpc$/, /^@grpc\//, /^@prisma\//, /\/db\/generated\//, /(^|\/)rpc\//]
const PRISMA_QUERY =
  /\b(?:db|tx)\.[a-zA-Z]+\.(?:findFirst|findUnique|findMany|findFirstOrThrow|findUniqueOrThrow|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(|\$(?:queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|transaction)\b/
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'generated' && entry.name !== 'node_modules') yield* sourceFiles(path)
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      yield path
    }
  }
}

/** `<file>: <rule>: <what>`, one per violation, paths from the repository root. */
function violations(): string[] {
  const found: string[] = []
  for (const unit of units) {
    for (const file of sourceFiles(join(unit.dir, 'src'))) {
      const text = readFileSync(file, 'utf8')
      const path = relative(root, file)
      const isDomain = path.includes('/src/domain/')
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2]!
        const target = specifier.startsWith('.') ? relative(root, resolve(dirname(file), specifier)) : specifier
        if (isDomain && FORBIDDEN_IN_DOMAIN.some((pattern) => pattern.test(target))) found.push(`${path}: domain-imports: ${specifier}`)
        const otherUnit = specifier.startsWith('.')
          ? units.find((u) => u.name !== unit.name && resolve(dirname(file), specifier).startsWith(u.dir + '/'))?.name
          : [...packageNames].find(([name, owner]) => owner !== unit.name && (specifier === name || specifier.startsWith(`${name}/`)))?.[1]
        if (otherUnit) found.push(`${path}: cross-service: ${specifier}`)
      }
      if (isDomain && PRISMA_QUERY.test(text)) found.push(`${path}: domain-queries: runs Prisma queries`)
    }
  }
  return [...new Set(found)].sort()
}

const found = violations()
if (found.length > 0) {
  console.error(`Layering: ${found.length} violation(s) of the service skeleton (see scripts/check-layers.ts):\n  ${found.join('\n  ')}`)
  process.exit(1)
}
console.log('layering: every service keeps rpc/ -> domain/ -> db/, and none imports another')
