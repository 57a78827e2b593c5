import type { Tx } from './client.js'

export interface NewOtpChallenge {
  id: string
  authMethodId: string
  /** Sealed at rest. */
  targetPrivateKey: Uint8Array<ArrayBuffer>
  codeDigest: string
  expiresAt: Date
  createdAt: Date
}

export async function insertOtpChallenge(tx: Tx, challenge: NewOtpChallenge): Promise<void> {
  await tx.otpChallenge.create({ data: challenge })
}
