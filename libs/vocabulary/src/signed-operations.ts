/**
 * The embedded-wallet operations the wallet-auth service performs only with the holder's
 * signature, named as the signed payload names them (method and path below the version segment).
 * The gateway binds the challenge to this name and wallet-auth completes the signed request for the
 * same name, so both build it here.
 */
export const walletAuthSignedOperation = {
  addCredential: (): string => 'POST /auth/credentials',
  revokeCredential: (authMethodId: string): string => `DELETE /auth/credentials/${authMethodId}`,
  revokeSession: (sessionId: string): string => `DELETE /auth/sessions/${sessionId}`,
  refreshSession: (sessionId: string): string => `POST /auth/sessions/${sessionId}/refresh`,
  exportWallet: (accountId: string): string => `POST /internal-accounts/${accountId}/export`,
  createDelegatedKey: (): string => 'POST /auth/delegated-keys',
  /** A customer's contact update, naming the OTP credentials it changes (their ids' digest): a challenge is for those credentials only. */
  changeContact: (customerId: string, credentialSet: string): string => `${contactChangePrefix(customerId)}${credentialSet}`,
}

/**
 * A change of a customer's contacts that embedded-wallet OTP credentials sign in with: the new
 * values, unset where it leaves a contact alone. The gateway asks wallet-auth who signs it, and the
 * customers service has wallet-auth's credentials follow it.
 */
export interface ContactChange {
  email?: string
  phoneNumber?: string
}

/** What every contact update of the customer's operation names start with, whichever credentials they change. */
export const contactChangePrefix = (customerId: string): string => `PATCH /customers/${customerId} otp-credentials:`
