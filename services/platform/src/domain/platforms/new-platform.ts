import { newId } from '@pp/ids'
import { ENVIRONMENTS } from '@pp/tenancy'
import type { Tx } from '../../db/client.js'
import type { NewPlatform } from '../../db/platforms.db.js'
import { recordEvent } from '../../events/outbox.js'
import { PlatformEventType } from '../../events/types.js'
import { defaultCurrencies, proxyUmaSubdomain } from '../config/defaults.js'
import type { Environment } from '../types.js'

export interface PlatformSettings {
  name: string
  isRegulatedFinancialInstitution: boolean
  skipVerificationPaperwork: boolean
}

/** A new platform with the default configuration of each environment. */
export function newPlatform(settings: PlatformSettings, now: Date): NewPlatform {
  const config = (environment: Environment) => ({
    id: newId('PlatformConfig'),
    environment,
    proxyUmaSubdomain: proxyUmaSubdomain(settings.name),
    // the skip option is a sandbox rule (spec, sandbox rule 3)
    skipVerificationPaperwork: environment === 'SANDBOX' && settings.skipVerificationPaperwork,
    currencies: defaultCurrencies(),
  })
  return {
    id: newId('Platform'),
    name: settings.name,
    isRegulatedFinancialInstitution: settings.isRegulatedFinancialInstitution,
    createdAt: now,
    configs: [config('SANDBOX'), config('PRODUCTION')],
  }
}

/** PLATFORM.CREATED per environment, so services such as the ledger open the platform's accounts. */
export async function announcePlatform(tx: Tx, platformId: string): Promise<void> {
  for (const environment of ENVIRONMENTS) {
    await recordEvent(tx, { platformId, environment }, PlatformEventType.created, { platformId })
  }
}
