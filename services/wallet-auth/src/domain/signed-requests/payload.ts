/** What a signed request commits to; the client signs exactly the canonical JSON of it. */
export interface SignedRequestTerms {
  requestId: string
  accountId: string
  operation: string
  bodyDigest: string
  expiresAt: Date
}

/** Canonical JSON (keys sorted, no spaces) of the terms: the payloadToSign string. */
export function payloadToSign(terms: SignedRequestTerms): string {
  const fields: Record<string, string> = {
    accountId: terms.accountId,
    bodyDigest: terms.bodyDigest,
    expiresAt: terms.expiresAt.toISOString(),
    operation: terms.operation,
    requestId: terms.requestId,
  }
  return JSON.stringify(fields, Object.keys(fields).sort())
}
