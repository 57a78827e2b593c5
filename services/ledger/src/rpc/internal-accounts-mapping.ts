import type {
  CurrencyAmount,
  InternalAccount,
  PaymentInstructions as ProtoPaymentInstructions,
} from '@pp/proto/ledger/v1/internal_accounts'
import type { CurrencyAmountView, InternalAccountView, PaymentInstructions } from '../domain/internal-accounts/types.js'

const amountToProto = ({ amount, currency }: CurrencyAmountView): CurrencyAmount => ({ amount: BigInt(amount), currency })

const instructionsToProto = ({ accountOrWalletInfo, ...rest }: PaymentInstructions): ProtoPaymentInstructions => ({
  ...rest,
  accountOrWalletInfo: { ...accountOrWalletInfo, paymentRails: accountOrWalletInfo.paymentRails ?? [] },
})

/** The proto message uses the API's field names; null label and sweep rule travel as unset. */
export function accountToProto(view: InternalAccountView): InternalAccount {
  return {
    id: view.id,
    customerId: view.customerId,
    type: view.type,
    status: view.status,
    balance: amountToProto(view.balance),
    totalBalance: amountToProto(view.totalBalance),
    fundingPaymentInstructions: view.fundingPaymentInstructions.map(instructionsToProto),
    createdAt: new Date(view.createdAt),
    updatedAt: new Date(view.updatedAt),
    label: view.label ?? undefined,
    sweepRule: view.sweepRule ?? undefined,
    privateEnabled: view.privateEnabled,
    cardCapabilities: view.cardCapabilities,
  }
}
