import { basename, dirname, join } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { repoRoot } from './paths.js'

/**
 * Test runs start the mesh's processes hundreds of times. Through tsx's loader each start costs
 * about twice the CPU of the same code bundled, so a run bundles each entry point once (esbuild,
 * about a second for all) and starts processes from the bundles. Packages of the workspace are
 * bundled from their TypeScript; third-party packages stay outside, imported from where Node
 * finds them. A bundle sits one folder below its package, as `src/` does, so paths the code
 * builds from `import.meta.dirname` (its migrations) still lead where they did.
 *
 * Only a process started while this variable names its entry (set by `bundleEntryPoints`, in
 * the run that built the bundles) uses one: a bundle left by an earlier run is never used.
 */
const BUNDLED_ENTRIES = 'PP_TEST_BUNDLED_ENTRIES'

/** `services/ledger/src/main.ts` → `services/ledger/.bundle/main.mjs`. */
const bundlePathOf = (entry: string): string => join(dirname(dirname(entry)), '.bundle', basename(entry).replace(/\.ts$/, '.mjs'))

/** Marks every import that resolves into node_modules external, by its resolved path (pnpm gives a package's dependencies to it alone). */
const thirdPartyOutside: Plugin = {
  name: 'third-party-outside',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined
      const resolved = await bundler.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      return resolved.path.includes('/node_modules/') ? { path: resolved.path, external: true } : resolved
    })
  },
}

/** Whether this run bundled `entry`. */
const isBundled = (entry: string): boolean => (process.env[BUNDLED_ENTRIES]?.split(',') ?? []).includes(entry)

/**
 * Bundles the entry points (relative to the repository root) and has this run's processes started
 * from them; entries this run bundled already are not bundled again.
 */
export async function bundleEntryPoints(entries: string[]): Promise<void> {
  if (entries.every(isBundled)) return
  await Promise.all(
    entries.map((entry) =>
      build({
        entryPoints: [join(repoRoot, entry)],
        outfile: join(repoRoot, bundlePathOf(entry)),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        conditions: ['development'],
        sourcemap: 'inline',
        keepNames: true,
        logLevel: 'warning',
        plugins: [thirdPartyOutside],
      }),
    ),
  )
  process.env[BUNDLED_ENTRIES] = entries.join(',')
}

/** The Node arguments that start `entry`: its bundle when this run made one, else the TypeScript through tsx. */
export const nodeArgumentsFor = (entry: string): string[] =>
  isBundled(entry) ? ['--enable-source-maps', join(repoRoot, bundlePathOf(entry))] : ['--conditions=development', '--import', 'tsx', join(repoRoot, entry)]
