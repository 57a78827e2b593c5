import type { Db } from '../../db/client.js'
import { findSigningKeys } from '../../db/signing-keys.db.js'
import { assertEnvironment } from './key-history.js'
import { keyInfo, type SigningKeyInfo } from './key-info.js'

/** Every key of the environment, retired ones included, newest first (the operator's listing). */
export async function listSigningKeys(db: Db, environment: string, now = new Date()): Promise<SigningKeyInfo[]> {
  const keys = await findSigningKeys(db, assertEnvironment(environment))
  return keys.map((key) => keyInfo(key, now))
}
