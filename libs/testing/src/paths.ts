import { join } from 'node:path'

/** The repository root, so tests can start any package's entry point. */
export const repoRoot = join(import.meta.dirname, '../../..')
