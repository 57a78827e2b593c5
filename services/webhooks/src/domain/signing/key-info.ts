import type { StoredSigningKey } from '../../db/signing-keys.db.js'
import { keyStatus, type KeyStatus } from './key-history.js'

/** A key as the operator sees it: never its private half. */
export interface SigningKeyInfo {
  environment: string
  status: KeyStatus
  /** Uncompressed SEC1 point, hex, as GET /webhooks/signing-key shows it. */
  publicKey: string
  createdAt: Date
  retiresAt?: Date
}

export function keyInfo(key: StoredSigningKey, now: Date): SigningKeyInfo {
  const info: SigningKeyInfo = { environment: key.environment, status: keyStatus(key.retiresAt, now), publicKey: key.publicKeyHex, createdAt: key.createdAt }
  if (key.retiresAt) info.retiresAt = key.retiresAt
  return info
}
