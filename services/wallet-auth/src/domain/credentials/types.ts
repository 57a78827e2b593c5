/** A stored credential, as the use cases read it. */
export interface AuthMethod {
  id: string
  platformId: string
  environment: string
  accountId: string
  customerId: string
  type: string
  nickname: string
  otpSlot: string | null
  email: string | null
  phoneNumber: string | null
  passkeyCredentialId: string | null
  passkeyCustomerId: string | null
  passkeyPublicKey: Uint8Array<ArrayBuffer> | null
  passkeyCounter: bigint | null
  passkeyTransports: string[]
  oidcIssuer: string | null
  oidcAudience: string | null
  oidcSubject: string | null
  createdAt: Date
  updatedAt: Date
}

/** The columns of one credential type (its proof's fields), beside the wallet and timestamps every type has. */
export type CredentialFields = Pick<AuthMethod, 'type' | 'nickname'> &
  Partial<Omit<AuthMethod, 'id' | 'platformId' | 'environment' | 'accountId' | 'customerId' | 'createdAt' | 'updatedAt' | 'type' | 'nickname'>>
