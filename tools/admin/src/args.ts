import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ENVIRONMENTS, isEnvironment, type Environment } from '@pp/tenancy'

/** A command line the CLI cannot run: printed with the command's usage, never with a stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

type Options = NonNullable<ParseArgsConfig['options']>

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

/** node:util parseArgs, strict, with its complaints (an unknown or valueless option) as usage errors. */
export function parseCommandArgs(args: string[], options: Options, positionals = 0): ParsedArgs {
  let parsed: ParsedArgs
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 }) as ParsedArgs
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument${positionals === 1 ? '' : 's'}, got ${parsed.positionals.length}`)
  }
  return parsed
}

export function requiredString(parsed: ParsedArgs, name: string): string {
  const value = parsed.values[name]
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`)
  return value.trim()
}

export function environmentOption(value: string | boolean | undefined, name = 'environment'): Environment {
  if (typeof value === 'string' && isEnvironment(value.toUpperCase())) return value.toUpperCase() as Environment
  throw new UsageError(`--${name} must be ${ENVIRONMENTS.join(' or ')}`)
}

/** `--limit`: `fallback` when absent, else a whole number from 1 to `max`. */
export function limitOption(value: string | boolean | undefined, fallback: number, max: number): number {
  const limit = value === undefined ? fallback : Number(value)
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new UsageError(`--limit must be a whole number from 1 to ${max}`)
  return limit
}

const DURATION = /^(\d+)(s|m|h|d)?$/
const SECONDS_PER_UNIT: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 }

/** `90s`, `30m`, `24h`, `7d` or bare seconds, as whole seconds; the service bounds the value. */
export function durationSeconds(value: string, name: string): number {
  const match = DURATION.exec(value.trim())
  if (!match) throw new UsageError(`--${name} must be a duration such as 30m, 24h or 7d (or 0)`)
  return Number(match[1]) * SECONDS_PER_UNIT[match[2] ?? 's']!
}
