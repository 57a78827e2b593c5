import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { platformExists } from '../../db/platforms.db.js'
import { insertToken } from '../../db/tokens.db.js'
import { recordEvent } from '../../events/outbox.js'
import { PlatformEventType, type TokenEventData } from '../../events/types.js'
import type { PlatformDeps } from '../deps.js'
import { newClientId, newClientSecret, type SecretHasher } from '../secrets.js'
import { PERMISSIONS, type IssuedToken, type Permission, type Tenant } from '../types.js'
import { toApiToken } from './token-view.js'

const NAME_LENGTH_MAX = 255

export interface CreateTokenInput {
  name: string
  permissions: string[]
}

/** Fresh credentials with the secret already hashed, made before any transaction opens (hashing is slow). */
export interface PreparedCredentials {
  clientId: string
  clientSecret: string
  secretHash: string
}

export async function createToken(deps: PlatformDeps, tenant: Tenant, input: CreateTokenInput): Promise<IssuedToken> {
  const valid = validateTokenInput(input)
  if (!(await platformExists(deps.db, tenant.platformId))) throw new ApiError('PLATFORM_NOT_FOUND')
  const credentials = await prepareCredentials(deps.secrets)
  return inTransaction(deps.db, (tx) => issueToken(tx, deps.now(), tenant, valid, credentials))
}

export async function prepareCredentials(secrets: SecretHasher): Promise<PreparedCredentials> {
  const clientSecret = newClientSecret()
  return { clientId: newClientId(), clientSecret, secretHash: await secrets.hash(clientSecret) }
}

/** Stores the token and its TOKEN.CREATED event in the caller's transaction. */
export async function issueToken(
  tx: Tx,
  now: Date,
  tenant: Tenant,
  input: { name: string; permissions: Permission[] },
  credentials: PreparedCredentials,
): Promise<IssuedToken> {
  const row = await insertToken(tx, {
    id: newId('Token'),
    ...tenant,
    name: input.name,
    permissions: input.permissions,
    clientId: credentials.clientId,
    secretHash: credentials.secretHash,
    createdAt: now,
  })
  const data: TokenEventData = { tokenId: row.id, clientId: row.clientId }
  await recordEvent(tx, tenant, PlatformEventType.tokenCreated, data)
  return { ...toApiToken(row), clientSecret: credentials.clientSecret }
}

function validateTokenInput(input: CreateTokenInput): { name: string; permissions: Permission[] } {
  const errors: FieldError[] = []
  const name = input.name.trim()
  if (name === '') errors.push({ field: 'name', message: 'is required' })
  if (name.length > NAME_LENGTH_MAX) {
    errors.push({ field: 'name', message: `must be at most ${NAME_LENGTH_MAX} characters`, constraint: { maxLength: NAME_LENGTH_MAX } })
  }
  const known = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p)
  if (input.permissions.length === 0) errors.push({ field: 'permissions', message: 'at least one permission is required' })
  input.permissions.forEach((p, i) => {
    if (!known(p)) errors.push({ field: `permissions.${i}`, message: 'is not a permission', constraint: { enum: [...PERMISSIONS] } })
  })
  if (errors.length > 0) throw invalidInput(errors)
  // keep the canonical order so equal sets read the same
  return { name, permissions: PERMISSIONS.filter((p) => input.permissions.includes(p)) }
}
