import { z } from 'zod'

/**
 * Parses the environment once against a schema; a service's `config.ts` is the only caller, so
 * nothing else reads process.env. A bad value stops start-up with every problem listed.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
  throw new Error(`invalid configuration:\n${problems.join('\n')}`)
}

/** Fields every service shares. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

/** A host:port a gRPC server binds or a client dials. */
export const grpcAddress = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port')

export const durationMs = z.coerce.number().int().nonnegative()

/** EVENTS_CONSUMER_START_TIME: where new durable consumers start (ISO date-time); unset = the whole stream. */
export const consumerStartTime = z.iso.datetime().transform((value) => new Date(value)).optional()

export { z }
