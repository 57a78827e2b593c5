import { callUnary, createGrpcClient } from '@pp/grpc'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { DelegatedKeys } from '../domain/deps.js'
import { tenantOf } from '../domain/types.js'

export interface GrpcDelegatedKeys extends DelegatedKeys {
  close(): void
}

/** An authorization waits on this call: a slow wallet-auth declines it rather than holding the network's message. */
const DEADLINE_MS = 2_000

/** The delegated keys of wallet-funded cards, from wallet-auth, which custodies them. */
export function grpcDelegatedKeys(address: string): GrpcDelegatedKeys {
  const client = createGrpcClient(WalletAuthServiceClient, address)
  return {
    async hasActiveKey(origin, cardId, fundingSourceId) {
      const { active } = await callUnary(client, client.hasActiveDelegatedKey, { cardId, fundingSourceId }, { ...tenantOf(origin), requestId: origin.requestId }, DEADLINE_MS)
      return active
    },
    close: () => client.close(),
  }
}
