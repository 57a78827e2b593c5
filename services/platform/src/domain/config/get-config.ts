import { ApiError } from '@pp/errors'
import { readConfig } from '../../db/configs.db.js'
import type { PlatformDeps } from '../deps.js'
import type { PlatformConfig, Tenant } from '../types.js'
import { toPlatformConfig } from './config-view.js'

export async function getConfig(deps: PlatformDeps, tenant: Tenant): Promise<PlatformConfig> {
  const record = await readConfig(deps.db, tenant)
  if (!record) throw new ApiError('PLATFORM_NOT_FOUND')
  return toPlatformConfig(record)
}
