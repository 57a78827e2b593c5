import type { Context } from 'hono'
import { callUnary } from '@pp/grpc'
import type { WalletAuthServiceClient, WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { ContactChange } from '@pp/vocabulary'
import { callContext, type GatewayEnv } from '../context.js'
import type { SignedOutcome, WalletSignatureGuard } from '../wallet-signature/guard.js'

export interface ContactSignatureDeps {
  walletAuth: WalletAuthServiceClient
  walletSignatures: WalletSignatureGuard
}

/**
 * The reference's signed customer update: a change of the email (or phone number) that an embedded
 * wallet of the customer signs in with must be authorised by a session of that wallet. The
 * wallet-auth service, which owns the rule, names that wallet and the operation (the credentials
 * the change replaces) in one call; the guard answers the first leg's 202, and the signed retry's
 * proof travels with the update, through the customers service to wallet-auth, which checks it
 * and updates the credentials with the customer's contact as one operation. An update touching no
 * such contact runs unsigned.
 */
export function customerContactSignature({ walletAuth, walletSignatures }: ContactSignatureDeps) {
  return async function signedContactChange<T>(
    c: Context<GatewayEnv>,
    customerId: string,
    change: ContactChange,
    update: (proof?: WalletSignatureProof) => Promise<T>,
  ): Promise<SignedOutcome<T>> {
    if (change.email === undefined && change.phoneNumber === undefined) return { result: await update() }
    const { walletAccountId, operation } = await callUnary(walletAuth, walletAuth.getContactChangeSigner, { customerId, ...change }, callContext(c))
    if (walletAccountId === undefined || operation === undefined) return { result: await update() }
    return walletSignatures.withProof(c, { walletAccountId, operation, body: await c.req.text() }, update)
  }
}
