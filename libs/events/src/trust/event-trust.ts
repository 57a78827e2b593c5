import type { Logger } from '@pp/logging'
import { developmentSigningKey, developmentVerifyKeys, readSigningKey, readVerifyKeys, type SigningKey, type VerifyKeys } from './event-keys.js'
import { createEventVerifier, type EventVerifier } from './verifier.js'

/** The settings of libs/config's `eventTrustConfig`. */
export interface EventTrustSettings {
  NODE_ENV: string
  EVENT_VERIFY_KEYS_FILE?: string
  EVENT_UNSIGNED_ACCEPTED_UNTIL?: Date
}

export interface EventSigningSettings extends EventTrustSettings {
  EVENT_SIGNING_KEY_FILE?: string
}

/**
 * Outside production a missing file means the development keys (`pnpm start` and the test meshes
 * set files of keys they generate). A production process refuses to start without: the development
 * keys are public, so an event they sign proves nothing.
 */
function required(settings: EventTrustSettings, name: string, file: string | undefined): string | undefined {
  if (file === undefined && settings.NODE_ENV === 'production') throw new Error(`${name} must be set in production: events are signed and verified with keys of the deployment's own`)
  return file
}

/**
 * The public keys this process believes, by source, read once: each producer's for its events,
 * and the gateway's for the tenant tokens it signs (@pp/grpc).
 */
export function verifyKeysOf(settings: EventTrustSettings): VerifyKeys {
  const file = required(settings, 'EVENT_VERIFY_KEYS_FILE', settings.EVENT_VERIFY_KEYS_FILE)
  return file === undefined ? developmentVerifyKeys() : readVerifyKeys(file)
}

/** The verifier of every event this process reads. */
export function eventVerifierOf(settings: EventTrustSettings, logger: Logger, keys: VerifyKeys = verifyKeysOf(settings)): EventVerifier {
  return createEventVerifier({ keys, logger, unsignedAcceptedUntil: settings.EVENT_UNSIGNED_ACCEPTED_UNTIL })
}

/** The key `service`'s outbox relay signs its events with (the gateway's: its tenant tokens). */
export function signingKeyOf(settings: EventSigningSettings, service: string): SigningKey {
  const file = required(settings, 'EVENT_SIGNING_KEY_FILE', settings.EVENT_SIGNING_KEY_FILE)
  return file === undefined ? developmentSigningKey(service) : readSigningKey(file)
}
