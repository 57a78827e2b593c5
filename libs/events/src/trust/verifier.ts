import { verify } from 'node:crypto'
import type { MsgHdrs } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import { counter } from '@pp/metrics'
import { eventSubject, type EventEnvelope } from '../envelope.js'
import { canonicalEnvelope } from './canonical.js'
import type { VerifyKeys } from './event-keys.js'
import { KEY_ID_HEADER, SIGNATURE_HEADER } from './signature.js'

const rejected = counter('events_rejected_total', 'Events dropped before handling because their producer is not proven', ['source', 'reason'])

type RejectionReason = 'malformed' | 'subject_mismatch' | 'unsigned' | 'unknown_key' | 'bad_signature'

/** A message read from NATS, its payload parsed. */
export interface ReceivedEvent {
  subject: string
  headers?: MsgHdrs
  envelope: unknown
  /** When JetStream stored it (the server's clock, which no publisher sets); none for a core message. */
  storedAt?: Date
}

export interface EventVerifier {
  /** Whether the event is what its source published; a refusal is logged and counted. */
  accepts(event: ReceivedEvent): event is ReceivedEvent & { envelope: EventEnvelope }
}

export interface VerifierOptions {
  keys: VerifyKeys
  logger: Logger
  /**
   * The migration window: an unsigned event JetStream stored before this instant (published before
   * producers signed) is believed. Unset, no unsigned event is.
   */
  unsignedAcceptedUntil?: Date
}

/**
 * Refusals are logged one by one, with their event ids, up to this many a minute per claimed
 * source and reason; past that only counted, and the next line says how many went unlogged: a
 * stream full of other meshes' events (a development NATS shared with test runs) or a forger's
 * flood must not drown the log. The counter counts every one.
 */
const REFUSALS_LOGGED_PER_WINDOW = 10
const REFUSAL_LOG_WINDOW_MS = 60_000

const isEnvelope = (value: unknown): value is EventEnvelope =>
  value !== null && typeof value === 'object' && !Array.isArray(value) &&
  typeof (value as EventEnvelope).source === 'string' && typeof (value as EventEnvelope).type === 'string'

/**
 * Checks, before any handler sees an event, that the service named in its `source` signed it and
 * published it on that source's subject (`events.<source>.<type>`): one service cannot speak for
 * another, and nobody else can speak at all.
 */
export function createEventVerifier(options: VerifierOptions): EventVerifier {
  const { keys, logger } = options
  const rejectionOf = ({ subject, headers, envelope, storedAt }: ReceivedEvent): RejectionReason | undefined => {
    if (!isEnvelope(envelope)) return 'malformed'
    if (subject !== eventSubject(envelope.source, envelope.type)) return 'subject_mismatch'
    const keyId = headers?.get(KEY_ID_HEADER)
    const signature = headers?.get(SIGNATURE_HEADER)
    if (!keyId || !signature) {
      const isLegacy = storedAt !== undefined && options.unsignedAcceptedUntil !== undefined && storedAt < options.unsignedAcceptedUntil
      return isLegacy ? undefined : 'unsigned'
    }
    const key = keys(envelope.source)?.get(keyId)
    if (!key) return 'unknown_key'
    return verify(null, canonicalEnvelope(envelope), key, Buffer.from(signature, 'base64')) ? undefined : 'bad_signature'
  }
  const windows = new Map<string, { startedAtMs: number; logged: number; unlogged: number }>()
  const logRefusal = (event: ReceivedEvent, source: string, reason: RejectionReason): void => {
    const key = `${source} ${reason}`
    const nowMs = Date.now()
    let window = windows.get(key)
    let unloggedBefore = 0
    if (window === undefined || nowMs - window.startedAtMs >= REFUSAL_LOG_WINDOW_MS) {
      unloggedBefore = window?.unlogged ?? 0
      window = { startedAtMs: nowMs, logged: 0, unlogged: 0 }
      windows.set(key, window)
    }
    if (window.logged >= REFUSALS_LOGGED_PER_WINDOW) {
      window.unlogged += 1
      return
    }
    window.logged += 1
    const eventId = isEnvelope(event.envelope) ? event.envelope.id : undefined
    logger.warn(
      { subject: event.subject, eventId, reason, ...(unloggedBefore > 0 && { unloggedInLastWindow: unloggedBefore }) },
      'event dropped: its producer is not proven (a forgery, or a key missing from EVENT_VERIFY_KEYS_FILE)',
    )
  }
  return {
    accepts(event): event is ReceivedEvent & { envelope: EventEnvelope } {
      const reason = rejectionOf(event)
      if (reason === undefined) return true
      // the subject's source only when it is a known producer: a forger must not mint label values
      const claimed = event.subject.split('.')[1] ?? ''
      const source = keys(claimed) ? claimed : 'unknown'
      rejected.inc({ source, reason })
      logRefusal(event, source, reason)
      return false
    },
  }
}
