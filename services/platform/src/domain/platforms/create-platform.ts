import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import { inTransaction, isUniqueViolation } from '@pp/db'
import { isEnvironment } from '@pp/tenancy'
import { insertPlatform } from '../../db/platforms.db.js'
import type { PlatformDeps } from '../deps.js'
import { issueToken, prepareCredentials } from '../tokens/create-token.js'
import { PERMISSIONS, type Environment, type IssuedToken } from '../types.js'
import { announcePlatform, newPlatform } from './new-platform.js'
import type { PlatformSummary } from './platform-summary.js'

const NAME_LENGTH_MAX = 255

export interface CreatePlatformInput {
  name: string
  isRegulatedFinancialInstitution: boolean
  /** Where the first token works; proto's UNSPECIFIED arrives as an empty string. */
  tokenEnvironment: string
}

export interface CreatedPlatform {
  platform: PlatformSummary
  token: IssuedToken
}

/**
 * The operator's platform creation: unlike EnsurePlatform (seeding, which reuses a platform of
 * the same name), a taken name is refused, so a typo never hands out tokens of someone else's
 * platform. The platform, its announcement and its first token commit together.
 */
export async function createPlatform(deps: PlatformDeps, input: CreatePlatformInput): Promise<CreatedPlatform> {
  const { name, tokenEnvironment } = validate(input)
  const credentials = await prepareCredentials(deps.secrets)
  const now = deps.now()
  const platform = newPlatform({ name, isRegulatedFinancialInstitution: input.isRegulatedFinancialInstitution, skipVerificationPaperwork: false }, now)
  try {
    const token = await inTransaction(deps.db, async (tx) => {
      await insertPlatform(tx, platform)
      await announcePlatform(tx, platform.id)
      const tenant = { platformId: platform.id, environment: tokenEnvironment }
      return issueToken(tx, now, tenant, { name: `first ${tokenEnvironment.toLowerCase()} token`, permissions: [...PERMISSIONS] }, credentials)
    })
    const { id, isRegulatedFinancialInstitution, createdAt } = platform
    return { platform: { id, name, isRegulatedFinancialInstitution, createdAt }, token }
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('CONFLICT', `A platform named ${JSON.stringify(name)} already exists`, { name })
    throw err
  }
}

function validate(input: CreatePlatformInput): { name: string; tokenEnvironment: Environment } {
  const errors: FieldError[] = []
  const name = input.name.trim()
  if (name === '') errors.push({ field: 'name', message: 'is required' })
  if (name.length > NAME_LENGTH_MAX) {
    errors.push({ field: 'name', message: `must be at most ${NAME_LENGTH_MAX} characters`, constraint: { maxLength: NAME_LENGTH_MAX } })
  }
  const environment = input.tokenEnvironment
  if (!isEnvironment(environment)) {
    errors.push({ field: 'tokenEnvironment', message: 'must be SANDBOX or PRODUCTION', constraint: { enum: ['SANDBOX', 'PRODUCTION'] } })
  }
  if (errors.length > 0 || !isEnvironment(environment)) throw invalidInput(errors)
  return { name, tokenEnvironment: environment }
}
