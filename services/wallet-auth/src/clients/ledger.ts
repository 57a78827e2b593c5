import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { WalletDirectory } from '../domain/deps.js'
import { tenantOf, type Origin, type Wallet } from '../domain/types.js'

export interface LedgerWalletDirectory extends WalletDirectory {
  close(): void
}

/** Reads internal accounts from the ledger, which owns them: only EMBEDDED_WALLET accounts are wallets. */
export function ledgerWalletDirectory(address: string): LedgerWalletDirectory {
  const client = createGrpcClient(InternalAccountsServiceClient, address)
  return {
    async requireWallet(origin: Origin, accountId: string): Promise<Wallet> {
      const { facts } = await callUnary(client, client.getInternalAccountFacts, { accountId }, { ...tenantOf(origin), requestId: origin.requestId })
      if (!facts || facts.type !== 'EMBEDDED_WALLET' || !facts.customerId) {
        throw new ApiError('WALLET_NOT_PROVISIONED', `${accountId} is not an embedded wallet`)
      }
      return { accountId: facts.id, customerId: facts.customerId }
    },
    close: () => client.close(),
  }
}
