import type { Environment, Prisma } from './generated/client.js'
import type { ConfigRecord } from '../domain/config/types.js'
import { open, type PlatformDb, type Tx } from './client.js'

interface TenantKey {
  platformId: string
  environment: Environment
}

const withParts = {
  platform: true,
  currencies: { orderBy: { position: 'asc' } },
  fees: { orderBy: [{ feeType: 'asc' }, { sourceCurrency: 'asc' }] },
} as const satisfies Prisma.EnvironmentConfigInclude


export interface CurrencyRowInput {
  currencyCode: string
  minAmount: bigint
  maxAmount: bigint
  requiredCounterpartyFields: { name: string; mandatory: boolean }[]
  enabledTransactionTypes: string[]
}

export interface FeeRowInput {
  feeType: string
  sourceCurrency: string
  variableFeeBps: number
  fixedFee: { amount: bigint; currency: string }
}

export interface ConfigRowPatch {
  umaDomain?: string
  webhookEndpoint?: string
  skipVerificationPaperwork?: boolean
  extendedWebhookTypes?: boolean
  embeddedWalletConfig?: object
  cardTokenization2faConfig?: object
}

export const readConfig = (db: PlatformDb | Tx, tenant: TenantKey): Promise<ConfigRecord | null> =>
  open(db).environmentConfig.findUnique({ where: { platformId_environment: tenant }, include: withParts })

/**
 * Stamps `updatedAt` and so takes the row lock for the rest of the transaction: concurrent
 * PATCHes merge one after the other instead of losing each other's nested fields. False when the
 * tenant has no configuration.
 */
export async function lockConfig(tx: Tx, tenant: TenantKey, now: Date): Promise<boolean> {
  const { count } = await open(tx).environmentConfig.updateMany({ where: tenant, data: { updatedAt: now } })
  return count === 1
}

export async function updateConfigRow(tx: Tx, tenant: TenantKey, patch: ConfigRowPatch): Promise<void> {
  const { embeddedWalletConfig, cardTokenization2faConfig, ...columns } = patch
  await open(tx).environmentConfig.update({
    where: { platformId_environment: tenant },
    data: {
      ...columns,
      embeddedWalletConfig: embeddedWalletConfig as Prisma.InputJsonObject | undefined,
      cardTokenization2faConfig: cardTokenization2faConfig as Prisma.InputJsonObject | undefined,
    },
  })
}

export async function replaceCurrencies(tx: Tx, tenant: TenantKey, currencies: CurrencyRowInput[]): Promise<void> {
  await open(tx).currencyConfig.deleteMany({ where: tenant })
  await open(tx).currencyConfig.createMany({ data: currencies.map((c, position) => ({ ...tenant, ...currencyRow(c), position })) })
}

export async function replaceFees(tx: Tx, tenant: TenantKey, fees: FeeRowInput[]): Promise<void> {
  await open(tx).feeConfig.deleteMany({ where: tenant })
  await open(tx).feeConfig.createMany({
    data: fees.map((f) => ({
      ...tenant,
      feeType: f.feeType,
      sourceCurrency: f.sourceCurrency,
      variableFeeBps: f.variableFeeBps,
      fixedFeeAmount: f.fixedFee.amount,
      fixedFeeCurrency: f.fixedFee.currency,
    })),
  })
}

export const currencyRow = (c: CurrencyRowInput) => ({
  currencyCode: c.currencyCode,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
  requiredCounterpartyFields: c.requiredCounterpartyFields.map((f) => ({ name: f.name, mandatory: f.mandatory })),
  enabledTransactionTypes: c.enabledTransactionTypes,
})
