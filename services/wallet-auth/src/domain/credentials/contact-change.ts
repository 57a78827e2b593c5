import { invalidInput } from '@pp/errors'
import { findWalletsSigningInWith } from '../../db/auth-methods.db.js'
import type { WalletAuthDeps } from '../deps.js'
import type { Tenant } from '../types.js'

/** A change of a customer's contacts: the new values, unset where it leaves a contact alone. */
export interface ContactChange {
  email?: string
  phoneNumber?: string
}

/**
 * The reference's signed customer update: changing the email (phone number) that an EMAIL_OTP
 * (SMS_OTP) credential of one of the customer's embedded wallets signs in with is authorised by a
 * session of that wallet. Answers that wallet, or undefined when the change needs no signature.
 * Each contact is authorised on its own, so a change of both is refused when a wallet is tied.
 */
export async function contactChangeSigner(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, customerId: string, change: ContactChange): Promise<string | undefined> {
  if (change.email === undefined && change.phoneNumber === undefined) return undefined
  const [signer] = await findWalletsSigningInWith(deps.db, tenant, customerId, change)
  if (signer === undefined) return undefined
  if (change.email !== undefined && change.phoneNumber !== undefined) {
    throw invalidInput(
      [{ field: 'phoneNumber', message: 'send email and phoneNumber in separate updates: each is authorised by the embedded wallet on its own' }],
      'A customer whose embedded wallet signs in with these contacts updates one of them at a time',
    )
  }
  return signer
}
