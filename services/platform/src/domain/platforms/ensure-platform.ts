import { invalidInput } from '@pp/errors'
import { inTransaction, isUniqueViolation } from '@pp/db'
import { findPlatformByName, insertPlatform } from '../../db/platforms.db.js'
import type { PlatformDeps } from '../deps.js'
import { issueToken, prepareCredentials } from '../tokens/create-token.js'
import { PERMISSIONS, type Environment, type IssuedToken } from '../types.js'
import { announcePlatform, newPlatform, type PlatformSettings } from './new-platform.js'

export type EnsurePlatformInput = PlatformSettings

export interface EnsuredPlatform {
  platformId: string
  sandboxToken: IssuedToken
  productionToken: IssuedToken
}

/**
 * Creates the platform named `name` with a default configuration per environment unless it
 * exists (its settings then stay as they are), and issues a fresh sandbox and production token
 * with every permission. Admin and seeding use only; no REST route leads here.
 */
export async function ensurePlatform(deps: PlatformDeps, input: EnsurePlatformInput): Promise<EnsuredPlatform> {
  const name = input.name.trim()
  if (name === '') throw invalidInput([{ field: 'name', message: 'is required' }])
  const [sandbox, production] = await Promise.all([prepareCredentials(deps.secrets), prepareCredentials(deps.secrets)])
  const { platformId, isCreated } = await findOrCreatePlatform(deps, { ...input, name })
  const seed = (environment: Environment) => ({ name: `${environment.toLowerCase()} token`, permissions: [...PERMISSIONS] })
  return inTransaction(deps.db, async (tx) => {
    // announced with the first tokens, so services such as the ledger can open the platform's accounts
    if (isCreated) await announcePlatform(tx, platformId)
    return {
      platformId,
      sandboxToken: await issueToken(tx, deps.now(), { platformId, environment: 'SANDBOX' }, seed('SANDBOX'), sandbox),
      productionToken: await issueToken(tx, deps.now(), { platformId, environment: 'PRODUCTION' }, seed('PRODUCTION'), production),
    }
  })
}

async function findOrCreatePlatform(deps: PlatformDeps, input: EnsurePlatformInput): Promise<{ platformId: string; isCreated: boolean }> {
  const existing = await findPlatformByName(deps.db, input.name)
  if (existing) return { platformId: existing.id, isCreated: false }
  const platform = newPlatform(input, deps.now())
  try {
    await insertPlatform(deps.db, platform)
    return { platformId: platform.id, isCreated: true }
  } catch (err) {
    // a concurrent call created it first: use theirs
    const raced = isUniqueViolation(err) ? await findPlatformByName(deps.db, input.name) : null
    if (!raced) throw err
    return { platformId: raced.id, isCreated: false }
  }
}
