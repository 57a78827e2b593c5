import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { repoRoot } from '@pp/testing'
import { expect } from 'vitest'

const run = promisify(execFile)
const TSX = join(repoRoot, 'node_modules/.bin/tsx')
const CLI = join(repoRoot, 'tools/admin/src/cli.ts')

/** What one run of the CLI printed, and its exit code. */
export interface Printed {
  code: number
  stdout: string
  stderr: string
}

/**
 * `pnpm admin` as an operator runs it: a child process over gRPC only, with the settings `env()`
 * gives (the admin identity's files and the operator addresses, known once the mesh is up).
 */
export function adminCli(env: () => Record<string, string>) {
  async function admin(...args: string[]): Promise<Printed> {
    try {
      const { stdout, stderr } = await run(TSX, ['--conditions=development', CLI, ...args], { cwd: repoRoot, env: { ...process.env, ...env() }, timeout: 60_000 })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const failed = err as { code?: unknown; stdout: string; stderr: string }
      return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  /** The command's --json answer; it must succeed. */
  async function adminJson(...args: string[]): Promise<any> {
    const printed = await admin('--json', ...args)
    expect(printed.code, printed.stderr).toBe(0)
    return JSON.parse(printed.stdout)
  }

  return { admin, adminJson }
}
