import type { AuthMethod, CredentialFields } from '../src/domain/credentials/types.js'

export const WALLET_ACCOUNT_ID = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002'
export const STORED_AT = new Date('2025-10-13T09:00:00Z')

/** A credential of `fields.type` as stored, with the columns every type has. */
export const storedCredential = (fields: CredentialFields): AuthMethod => ({
  id: 'AuthMethod:019542f5-b3e7-1d02-0000-000000000004',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  accountId: WALLET_ACCOUNT_ID,
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  otpSlot: null,
  email: null,
  phoneNumber: null,
  passkeyCredentialId: null,
  passkeyCustomerId: null,
  passkeyPublicKey: null,
  passkeyCounter: null,
  passkeyTransports: [],
  oidcIssuer: null,
  oidcAudience: null,
  oidcSubject: null,
  createdAt: STORED_AT,
  updatedAt: STORED_AT,
  ...fields,
})

/** One credential of each type, as its create stores it. */
export const CREDENTIALS_BY_TYPE: AuthMethod[] = [
  storedCredential({ type: 'EMAIL_OTP', nickname: 'jane@example.com', otpSlot: 'EMAIL_OTP', email: 'jane@example.com' }),
  storedCredential({ type: 'SMS_OTP', nickname: '+15555550100', otpSlot: 'SMS_OTP', phoneNumber: '+15555550100' }),
  storedCredential({
    type: 'PASSKEY',
    nickname: 'Laptop',
    passkeyCredentialId: 'cred-base64url',
    passkeyCustomerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    passkeyPublicKey: new Uint8Array([1, 2, 3]),
    passkeyCounter: 0n,
    passkeyTransports: ['internal'],
  }),
  storedCredential({ type: 'OAUTH', nickname: 'jane@example.com', oidcIssuer: 'https://issuer.example', oidcAudience: 'app', oidcSubject: 'sub-1' }),
]
