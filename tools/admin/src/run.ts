import { UsageError } from './args.js'
import type { Command, CommandResult } from './command.js'
import { COMMANDS } from './commands/index.js'
import { isApiError } from '@pp/errors'
import type { AdminEnv } from './config.js'
import { Services } from './services.js'

const PROGRAM = 'admin'

/** The whole help: every command with its arguments and what it does. */
export function usage(): string {
  const lines = Object.entries(COMMANDS).flatMap(([group, commands]) =>
    Object.entries(commands).map(([name, command]) => `  ${PROGRAM} ${group} ${name} ${command.usage}`.trimEnd() + `\n      ${command.summary}`),
  )
  return [
    `usage: ${PROGRAM} [--json] <command> [options]`,
    '',
    ...lines,
    '',
    'Services are reached on their operator ports, PLATFORM_OPERATOR_GRPC_ADDRESS, CUSTOMERS_OPERATOR_GRPC_ADDRESS,',
    'LEDGER_OPERATOR_GRPC_ADDRESS, PAYMENTS_OPERATOR_GRPC_ADDRESS, WEBHOOKS_OPERATOR_GRPC_ADDRESS and STABLECOINS_OPERATOR_GRPC_ADDRESS',
    "(pnpm start's ports by default), over",
    'mutual TLS with the admin identity: GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE.',
    'Every command is recorded in the audit log (admin audit list) under ADMIN_OPERATOR, else user@host.',
  ].join('\n')
}

export const commandUsage = (group: string, name: string, command: Command): string => `usage: ${PROGRAM} ${group} ${name} ${command.usage}`.trimEnd()

/** The command `args` names (`platforms create ...`); a usage error when there is none. */
export function findCommand(args: string[]): { command: Command; group: string; name: string; rest: string[] } {
  const [group = '', name = '', ...rest] = args
  const command = COMMANDS[group]?.[name]
  if (!command) throw new UsageError(group === '' ? 'no command given' : `unknown command: ${[group, name].join(' ').trim()}`)
  return { command, group, name, rest }
}

/**
 * Runs one command against the services `env` names and answers its result; a service's refusal
 * is thrown as its ApiError, a bad command line as a UsageError naming the command's usage. The
 * audit log records the command before it acts (a command that cannot be recorded does not run)
 * and then how it ended.
 */
export async function runAdmin(args: string[], env: AdminEnv): Promise<CommandResult> {
  const { command, group, name, rest } = findCommand(args)
  const services = new Services(env)
  const record = auditRecorder(services, services.operator, `${group} ${name}`, rest)
  try {
    await record('STARTED')
    const result = await command.run(rest, services)
    await record('SUCCEEDED')
    return result
  } catch (err) {
    await record('FAILED', failureCode(err)).catch(() => undefined)
    if (err instanceof UsageError) throw new UsageError(`${err.message}\n${commandUsage(group, name, command)}`)
    throw err
  } finally {
    services.close()
  }
}

const failureCode = (err: unknown): string => (isApiError(err) ? err.code : err instanceof UsageError ? 'USAGE' : 'ERROR')

/** Appends this run's entries to the platform service's operator audit log. */
function auditRecorder(services: Services, operator: string, command: string, args: string[]) {
  const client = services.platformOperator()
  return async (outcome: 'STARTED' | 'SUCCEEDED' | 'FAILED', errorCode?: string): Promise<void> => {
    await services.call(client, client.recordOperatorAction, { operator, command, arguments: args, requestId: services.requestId, outcome, errorCode })
  }
}
