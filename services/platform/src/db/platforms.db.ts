import type { Environment, Platform } from './generated/client.js'
import { currencyRow, type CurrencyRowInput } from './configs.db.js'
import type { PlatformDb } from './client.js'

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
  db.platform.findUnique({ where: { name } })

export const platformExists = async (db: PlatformDb, id: string): Promise<boolean> =>
  (await db.platform.count({ where: { id } })) === 1

/** The platform with the configuration of each environment, in one statement. */
export async function insertPlatform(db: PlatformDb, platform: NewPlatform): Promise<void> {
  await db.platform.create({
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
