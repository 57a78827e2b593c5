import type { Context } from 'hono'
import { invalidInput } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { callContext, type GatewayEnv } from '../context.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'

export interface ContactSignatureDeps {
  accounts: InternalAccountsServiceClient
  walletAuth: WalletAuthServiceClient
  walletSignatures: WalletSignatureGuard
}

export interface ContactChange {
  email?: string
  phoneNumber?: string
}

/** The OTP credential a contact field is the address of. */
const OTP_TYPE_OF = { email: 'EMAIL_OTP', phoneNumber: 'SMS_OTP' } as const

/**
 * The reference's signed customer update: changing the email (or phone number) that an EMAIL_OTP
 * (SMS_OTP) credential of one of the customer's embedded wallets signs in with must be authorised
 * by a session of such a wallet. Answers the guard's 202 or 401, or undefined when the update may
 * run (no tied credential changes, or the signed retry passed).
 */
export function customerContactSignature(deps: ContactSignatureDeps) {
  return async function checkContactChange(c: Context<GatewayEnv>, customerId: string, change: ContactChange): Promise<Response | undefined> {
    const fields = (['email', 'phoneNumber'] as const).filter((field) => change[field] !== undefined)
    if (fields.length === 0) return undefined
    const tied = await walletsSigningInWith(c, deps, customerId, change, fields)
    if (tied.length === 0) return undefined
    if (fields.length > 1) {
      throw invalidInput(
        [{ field: 'phoneNumber', message: 'send email and phoneNumber in separate updates: each is authorised by the embedded wallet on its own' }],
        'A customer whose embedded wallet signs in with these contacts updates one of them at a time',
      )
    }
    const operation = { walletAccountId: tied[0]!, operation: `PATCH /customers/${customerId}`, body: await c.req.text() }
    return deps.walletSignatures.check(c, operation)
  }
}

/** The customer's embedded wallets holding an OTP credential whose address the change replaces. */
async function walletsSigningInWith(
  c: Context<GatewayEnv>,
  { accounts, walletAuth }: ContactSignatureDeps,
  customerId: string,
  change: ContactChange,
  fields: ReadonlyArray<keyof ContactChange>,
): Promise<string[]> {
  const page = await callUnary(accounts, accounts.listCustomerInternalAccounts, { customerId, type: 'EMBEDDED_WALLET', limit: 100 }, callContext(c))
  const tied: string[] = []
  for (const wallet of page.data) {
    const { data } = await callUnary(walletAuth, walletAuth.listAuthCredentials, { accountId: wallet.id }, callContext(c))
    const replaced = data.some((credential) => fields.some((field) => credential.type === OTP_TYPE_OF[field] && credential.nickname !== change[field]))
    if (replaced) tied.push(wallet.id)
  }
  return tied
}
