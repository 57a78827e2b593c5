import type { ContactChange } from '@pp/vocabulary'
import type { Caller, CustomerProfile } from '../types.js'

/** The signed update's proof, as the gateway's retry carried it (wallet-auth checks it). */
export interface ContactChangeProof {
  requestId: string
  walletSignature: string
  body: string
}

/** The embedded wallets' OTP credentials, which follow a customer's contacts (the wallet-auth service). */
export interface WalletContacts {
  /**
   * Updates every OTP credential of the customer's wallets whose contact the change replaces; a
   * refusal (no or a wrong signature, a contact taken, the credentials changed since the challenge)
   * or 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED throws, and the customer's update must not commit.
   */
  sync(caller: Caller, customerId: string, change: ContactChange, proof: ContactChangeProof | undefined): Promise<void>
}

/** The email and phone number the update changes, or undefined when it changes neither. */
export function contactChangeOf(before: CustomerProfile, after: CustomerProfile): ContactChange | undefined {
  const change: ContactChange = {}
  if (after.email !== undefined && after.email !== before.email) change.email = after.email
  if (after.phoneNumber !== undefined && after.phoneNumber !== before.phoneNumber) change.phoneNumber = after.phoneNumber
  return change.email === undefined && change.phoneNumber === undefined ? undefined : change
}
