import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['development'] },
  test: {
    include: ['libs/*/src/**/*.test.ts', 'libs/*/test/**/*.test.ts', 'services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts', 'gateway/src/**/*.test.ts', 'gateway/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
})
