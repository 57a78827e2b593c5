import { configDefaults, defineConfig } from 'vitest/config'

const everyTestFile = ['libs/*/src/**/*.test.ts', 'libs/*/test/**/*.test.ts', 'services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts', 'gateway/src/**/*.test.ts', 'gateway/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'test/**/*.test.ts']

/**
 * The suites that load the whole machine with crashes and restarts and allow no failure under it:
 * they run first, one at a time, with nothing beside them.
 */
const machineWideFiles = ['test/fault/**/*.test.ts', 'test/ops/rolling-restart.test.ts']

/**
 * End-to-end files that need nothing of their own from a mesh (no settings, no restarts, no NATS
 * or Postgres of their own): they share one mesh, started once for the run by
 * test/e2e/shared-mesh.setup.ts, instead of starting nine processes each. They get it with
 * `sharedMesh()` (test/e2e/shared-mesh.ts) and keep to platforms of their own.
 */
const sharedMeshFiles = [
  'test/e2e/accounts-and-webhooks.e2e.test.ts',
  'test/e2e/admin-cli.e2e.test.ts',
  'test/e2e/agents.e2e.test.ts',
  'test/e2e/cards.e2e.test.ts',
  'test/e2e/cards-lifecycle.e2e.test.ts',
  'test/e2e/catalog-api.e2e.test.ts',
  'test/e2e/customer-deletion.e2e.test.ts',
  'test/e2e/customers-api.e2e.test.ts',
  'test/e2e/docs.browser.test.ts',
  'test/e2e/forged-events.e2e.test.ts',
  'test/e2e/hosted-kyc.browser.test.ts',
  'test/e2e/invitations.e2e.test.ts',
  'test/e2e/kyc-review-production.e2e.test.ts',
  'test/e2e/mesh-identity.e2e.test.ts',
  'test/e2e/resource-contracts.e2e.test.ts',
  'test/e2e/sca.e2e.test.ts',
  'test/e2e/stablecoins-api.e2e.test.ts',
  'test/e2e/typed-client.e2e.test.ts',
  'test/e2e/uma-domain.e2e.test.ts',

  'test/e2e/verification-api.e2e.test.ts',
  'test/e2e/webhook-endpoints.e2e.test.ts',
  'packages/webhooks/test/receiver.e2e.test.ts',
]

/** The other files that start a mesh, or service processes, of their own. */
const ownMeshFiles = [
  'test/e2e/**/*.test.ts',
  'test/ops/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/start/**/*.test.ts',
  'test/scaffold/new-service.test.ts',
  'gateway/test/**/*.e2e.test.ts',
  'services/*/test/main.int.test.ts',
  'services/payments/test/restart.int.test.ts',
]

/**
 * Files with a mesh run one at a time in a worker thread (their processes are the load), beside
 * the unit and integration files in forked workers, so the machine's second core works for both.
 */
const meshLane = { pool: 'threads' as const, sequence: { groupOrder: 1 } }
const withServiceBundles = ['test/service-bundles.setup.ts']

export default defineConfig({
  resolve: { conditions: ['development'] },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // a call between processes answers within milliseconds, but a loaded two-core run (a mesh
    // starting beside a test file) has stalled one past the 5 s production deadline; the tests'
    // own calls, and the meshes they start, wait as long as a test may
    env: { GRPC_DEADLINE_MS: '20000' },
    pool: 'forks',
    // a mesh file and a unit file at once (forks and threads each get this many workers)
    maxWorkers: 1,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'machine-wide', include: machineWideFiles, globalSetup: withServiceBundles, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'shared-mesh', include: sharedMeshFiles, globalSetup: [...withServiceBundles, 'test/e2e/shared-mesh.setup.ts'], ...meshLane },
      },
      {
        extends: true,
        test: { name: 'own-mesh', include: ownMeshFiles, exclude: [...configDefaults.exclude, ...machineWideFiles, ...sharedMeshFiles], globalSetup: withServiceBundles, ...meshLane },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: everyTestFile,
          exclude: [...configDefaults.exclude, ...machineWideFiles, ...sharedMeshFiles, ...ownMeshFiles],
          globalSetup: withServiceBundles,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
