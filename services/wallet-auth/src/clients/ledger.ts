import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { WalletDirectory } from '../domain/deps.js'
import type { Tenant, Wallet } from '../domain/types.js'

export interface LedgerWalletDirectory extends WalletDirectory {
  close(): void
}

/** Reads internal accounts from the ledger, which owns them: only EMBEDDED_WALLET accounts are wallets. */
export function ledgerWalletDirectory(address: string): LedgerWalletDirectory {
  const client = createGrpcClient(InternalAccountsServiceClient, address)
  return {
    async requireWallet(tenant: Tenant, accountId: string): Promise<Wallet> {
      const { account } = await callUnary(client, client.getInternalAccount, { accountId }, { ...tenant, requestId: 'wallet-auth' })
      if (!account || account.type !== 'EMBEDDED_WALLET' || !account.customerId) {
        throw new ApiError('WALLET_NOT_PROVISIONED', `${accountId} is not an embedded wallet`)
      }
      return { accountId: account.id, customerId: account.customerId }
    },
    close: () => client.close(),
  }
}
