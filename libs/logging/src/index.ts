import { pino, type Logger } from 'pino'

export type { Logger }

/** The process logger: JSON lines with the service name; secrets never reach it. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: { paths: ['*.secret', '*.clientSecret', '*.password', 'headers.authorization'], censor: '[redacted]' },
  })
}

/** A child logger that stamps every line with the request id, so one call is traceable across services. */
export const withRequestId = (logger: Logger, requestId: string | undefined): Logger =>
  requestId ? logger.child({ requestId }) : logger
