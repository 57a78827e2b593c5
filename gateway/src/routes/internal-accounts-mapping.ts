import type { z } from '@hono/zod-openapi'
import type { CurrencyAmount, InternalAccount, PaymentInstructions } from '@pp/proto/ledger/v1/internal_accounts'
import { isoTimestamp } from '../schemas/common.js'
import type { InternalAccountJson, PaymentInstructionsSchema } from '../schemas/internal-accounts.js'

/** Amounts are safe integers: the ledger refuses to show any other. */
export const amountToJson = (value: CurrencyAmount | undefined) => ({
  amount: Number(value?.amount ?? 0n),
  currency: value?.currency ?? { code: '', name: '', symbol: '', decimals: 0 },
})

/** Proto's empty lists stand for "not set": rails appear only on bank coordinates. */
export function instructionsToJson({ accountOrWalletInfo, ...rest }: PaymentInstructions): z.infer<typeof PaymentInstructionsSchema> {
  const { paymentRails, ...info } = accountOrWalletInfo ?? { accountType: '', paymentRails: [] }
  return { ...rest, accountOrWalletInfo: { ...info, ...(paymentRails.length > 0 ? { paymentRails } : {}) } } as z.infer<typeof PaymentInstructionsSchema>
}

/** The account as the API shows it: label and sweep rule null when absent, the rest left out. */
export function accountToJson(account: InternalAccount): InternalAccountJson {
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    type: account.type as InternalAccountJson['type'],
    status: account.status as InternalAccountJson['status'],
    balance: amountToJson(account.balance),
    totalBalance: amountToJson(account.totalBalance),
    fundingPaymentInstructions: account.fundingPaymentInstructions.map(instructionsToJson),
    createdAt: isoTimestamp(account.createdAt)!,
    updatedAt: isoTimestamp(account.updatedAt)!,
    label: account.label ?? null,
    sweepRule: account.sweepRule ?? null,
    ...(account.privateEnabled === undefined ? {} : { privateEnabled: account.privateEnabled }),
    ...(account.cardCapabilities === undefined ? {} : { cardCapabilities: account.cardCapabilities as InternalAccountJson['cardCapabilities'] }),
  }
}
