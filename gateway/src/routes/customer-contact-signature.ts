import type { Context } from 'hono'
import { invalidInput } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { callContext, type GatewayEnv } from '../context.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'

export interface ContactSignatureDeps {
  walletAuth: WalletAuthServiceClient
  walletSignatures: WalletSignatureGuard
}

export interface ContactChange {
  email?: string
  phoneNumber?: string
}

/**
 * The reference's signed customer update: a change of the email (or phone number) that an embedded
 * wallet of the customer signs in with must be authorised by a session of that wallet. Which
 * wallets that is, the wallet-auth service answers in one call. Answers the guard's 202 or 401, or
 * undefined when the update may run (no tied credential changes, or the signed retry passed).
 */
export function customerContactSignature({ walletAuth, walletSignatures }: ContactSignatureDeps) {
  return async function checkContactChange(c: Context<GatewayEnv>, customerId: string, change: ContactChange): Promise<Response | undefined> {
    if (change.email === undefined && change.phoneNumber === undefined) return undefined
    const { accountIds: tied } = await callUnary(walletAuth, walletAuth.listWalletsSigningInWith, { customerId, ...change }, callContext(c))
    if (tied.length === 0) return undefined
    if (change.email !== undefined && change.phoneNumber !== undefined) {
      throw invalidInput(
        [{ field: 'phoneNumber', message: 'send email and phoneNumber in separate updates: each is authorised by the embedded wallet on its own' }],
        'A customer whose embedded wallet signs in with these contacts updates one of them at a time',
      )
    }
    const operation = { walletAccountId: tied[0]!, operation: `PATCH /customers/${customerId}`, body: await c.req.text() }
    return walletSignatures.check(c, operation)
  }
}
