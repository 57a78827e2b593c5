import type { Context } from 'hono'
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
 * wallet of the customer signs in with must be authorised by a session of that wallet. The
 * wallet-auth service, which owns the rule, names that wallet in one call; the gateway runs the
 * signature guard as on every signed route. Answers the guard's 202 or 401, or undefined when the
 * update may run (no signature needed, or the signed retry passed).
 */
export function customerContactSignature({ walletAuth, walletSignatures }: ContactSignatureDeps) {
  return async function checkContactChange(c: Context<GatewayEnv>, customerId: string, change: ContactChange): Promise<Response | undefined> {
    if (change.email === undefined && change.phoneNumber === undefined) return undefined
    const { walletAccountId } = await callUnary(walletAuth, walletAuth.getContactChangeSigner, { customerId, ...change }, callContext(c))
    if (walletAccountId === undefined) return undefined
    const operation = { walletAccountId, operation: `PATCH /customers/${customerId}`, body: await c.req.text() }
    return walletSignatures.check(c, operation)
  }
}
