import { invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction, isUniqueViolation } from '@pp/db'
import { ENVIRONMENTS } from '@pp/tenancy'
import { findPlatformByName, insertPlatform } from '../../db/platforms.db.js'
import { recordEvent } from '../../events/outbox.js'
import { PlatformEventType } from '../../events/types.js'
import { defaultCurrencies, proxyUmaSubdomain } from '../config/defaults.js'
import type { PlatformDeps } from '../deps.js'
import { issueToken, prepareCredentials } from '../tokens/create-token.js'
import { PERMISSIONS, type Environment, type IssuedToken } from '../types.js'

export interface EnsurePlatformInput {
  name: string
  isRegulatedFinancialInstitution: boolean
  skipVerificationPaperwork: boolean
}

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
    if (isCreated) {
      for (const environment of ENVIRONMENTS) {
        await recordEvent(tx, { platformId, environment }, PlatformEventType.created, { platformId })
      }
    }
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
  const id = newId('Platform')
  const config = (environment: Environment) => ({
    id: newId('PlatformConfig'),
    environment,
    proxyUmaSubdomain: proxyUmaSubdomain(input.name),
    // the skip option is a sandbox rule (spec, sandbox rule 3)
    skipVerificationPaperwork: environment === 'SANDBOX' && input.skipVerificationPaperwork,
    currencies: defaultCurrencies(),
  })
  try {
    await insertPlatform(deps.db, {
      id,
      name: input.name,
      isRegulatedFinancialInstitution: input.isRegulatedFinancialInstitution,
      createdAt: deps.now(),
      configs: [config('SANDBOX'), config('PRODUCTION')],
    })
    return { platformId: id, isCreated: true }
  } catch (err) {
    // a concurrent call created it first: use theirs
    const raced = isUniqueViolation(err) ? await findPlatformByName(deps.db, input.name) : null
    if (!raced) throw err
    return { platformId: raced.id, isCreated: false }
  }
}
