/**
 * The operator's command line: `pnpm admin <command>` in a checkout, `node dist/cli.js <command>`
 * in its image. Human-readable output, or JSON with --json; any failure is one line on stderr
 * (the API's code and message for a service's refusal, never a stack trace) and exit code 1.
 */
import { isApiError } from '@pp/errors'
import { configureGrpcTransport } from '@pp/grpc'
import { UsageError } from './args.js'
import type { AdminEnv } from './config.js'
import { runAdmin, usage } from './run.js'

interface Printed {
  stdout: string
  stderr: string
  exitCode: number
}

/** What the process prints for `argv` and how it exits. */
export async function main(argv: string[], env: AdminEnv): Promise<Printed> {
  const json = argv.includes('--json')
  const args = argv.filter((arg) => arg !== '--json')
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') return { stdout: usage(), stderr: '', exitCode: args.length === 0 ? 1 : 0 }
  try {
    configureGrpcTransport(env)
    const result = await runAdmin(args, env)
    return { stdout: json ? JSON.stringify(result.data, null, 2) : result.text, stderr: '', exitCode: 0 }
  } catch (err) {
    return { stdout: '', stderr: failureText(err, json), exitCode: 1 }
  }
}

function failureText(err: unknown, json: boolean): string {
  if (isApiError(err)) {
    if (json) return JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } })
    const fields = Array.isArray(err.details.errors) ? (err.details.errors as { field: string; message: string }[]).map((e) => `\n  ${e.field}: ${e.message}`).join('') : ''
    return `error: ${err.code}: ${err.message}${fields}`
  }
  const message = err instanceof UsageError ? err.message : `${(err as Error).message ?? String(err)}`
  return json ? JSON.stringify({ error: { code: err instanceof UsageError ? 'USAGE' : 'ERROR', message } }) : `error: ${message}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const printed = await main(process.argv.slice(2), process.env)
  if (printed.stdout) process.stdout.write(`${printed.stdout}\n`)
  if (printed.stderr) process.stderr.write(`${printed.stderr}\n`)
  process.exitCode = printed.exitCode
}
