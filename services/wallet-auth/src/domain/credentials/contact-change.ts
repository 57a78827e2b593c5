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
 * session of that wallet. These are the wallets whose authorisation the change needs.
 */
export const walletsSigningInWith = (deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, customerId: string, change: ContactChange): Promise<string[]> =>
  findWalletsSigningInWith(deps.db, tenant, customerId, change)
