import type { KeysetPosition } from '@pp/paging'
import type { PlatformSummary } from '../domain/platforms/platform-summary.js'
import type { Environment } from '../domain/types.js'
import { open, type PlatformDb, type Tx } from './client.js'
import { currencyRow, type CurrencyRowInput } from './configs.db.js'

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

/** The columns of a PlatformSummary. */
const SUMMARY = { id: true, name: true, isRegulatedFinancialInstitution: true, createdAt: true } as const

export const findPlatformByName = (db: PlatformDb, name: string): Promise<PlatformSummary | null> =>
  open(db).platform.findUnique({ where: { name }, select: SUMMARY })

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

/** Up to `take` platforms after `after` (the last of the previous page), oldest first, and how many there are in all. */
export async function listPlatformsAfter(db: PlatformDb, after: KeysetPosition | undefined, take: number): Promise<{ rows: PlatformSummary[]; totalCount: number }> {
  const client = open(db)
  const [rows, totalCount] = await client.$transaction([
    client.platform.findMany({
      where: after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {},
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: SUMMARY,
      take,
    }),
    client.platform.count(),
  ])
  return { rows, totalCount }
}
