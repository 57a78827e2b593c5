import type { Environment } from '../domain/types.js'
import { open, type PlatformDb, type Tx } from './client.js'
import { currencyRow, type CurrencyRowInput } from './configs.db.js'
import type { Platform } from './generated/client.js'

export interface NewEnvironmentConfig {
  id: string
  environment: Environment
  proxyUmaSubdomain: string
  skipVerificationPaperwork: boolean
  currencies: CurrencyRowInput[]
}

export interface NewPlatform {
  id: string
  name: string
  isRegulatedFinancialInstitution: boolean
  createdAt: Date
  configs: NewEnvironmentConfig[]
}

export const findPlatformByName = (db: PlatformDb, name: string): Promise<Platform | null> =>
  open(db).platform.findUnique({ where: { name } })

export const platformExists = async (db: PlatformDb, id: string): Promise<boolean> =>
  (await open(db).platform.count({ where: { id } })) === 1

/** The platform with the configuration of each environment, in one statement. */
export async function insertPlatform(db: PlatformDb | Tx, platform: NewPlatform): Promise<void> {
  await open(db).platform.create({
    data: {
      id: platform.id,
      name: platform.name,
      isRegulatedFinancialInstitution: platform.isRegulatedFinancialInstitution,
      createdAt: platform.createdAt,
      configs: {
        create: platform.configs.map(({ currencies, ...config }) => ({
          ...config,
          createdAt: platform.createdAt,
          updatedAt: platform.createdAt,
          currencies: { create: currencies.map((c, position) => ({ ...currencyRow(c), position })) },
        })),
      },
    },
  })
}

/** The sort key of the oldest-first platform list; a page starts strictly after it. */
export interface PlatformKey {
  createdAt: Date
  id: string
}

/** Up to `take` platforms after `after`, oldest first. */
export const listPlatformsAfter = (db: PlatformDb, after: PlatformKey | undefined, take: number): Promise<Platform[]> =>
  open(db).platform.findMany({
    where: after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {},
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take,
  })
