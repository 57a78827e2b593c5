import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends a run with one plain line, `Tests: N passed, N failed[, N skipped]`, that any CI reads
 * without knowing vitest's own summary format.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1
      }
      if (testModule.state() === 'failed' && testModule.children.size === 0) counts.failed += 1
    }
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''
    // printed as the process ends, so it is the last line, after vitest's own summary
    process.once('exit', () => console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed${skipped}`))
  }
}
