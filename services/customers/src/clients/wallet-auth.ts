import { ApiError, isApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { WalletContacts } from '../domain/customers/contact-change.js'

export interface WalletContactsClient extends WalletContacts {
  close(): void
}

/**
 * The embedded wallets' OTP credentials, which the wallet-auth service owns. A refusal of the
 * change (the signature, a taken contact, the credentials changed) is its own answer; failing to
 * reach the service is the reference's 424: the customer's contact then stays as it was.
 */
export function walletContactsClient(address: string): WalletContactsClient {
  const client = createGrpcClient(WalletAuthServiceClient, address)
  return {
    async sync(caller, customerId, change, proof) {
      await callUnary(client, client.syncContactCredentials, { customerId, ...change, proof }, caller).catch((err: unknown) => {
        if (isApiError(err) && err.status < 500) throw err
        throw new ApiError('EMAIL_OTP_CREDENTIAL_SYNC_FAILED', "The embedded wallets' OTP credentials could not be updated: the customer's contact is unchanged")
      })
    },
    close: () => client.close(),
  }
}
