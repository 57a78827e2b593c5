/** The hosted pages live outside the versioned API: the link token in the path is their credential. */
export const HOSTED_KYC_PATH = '/hosted/kyc'

/**
 * The kycUrl of a link. The redirectUri rides along as the spec asks ("embedded in the returned
 * kycUrl"); the pages redirect to the one stored with the link, never to this copy.
 */
export function hostedKycUrl(publicBaseUrl: string, linkToken: string, redirectUri?: string): string {
  const url = new URL(`${publicBaseUrl.replace(/\/+$/, '')}${HOSTED_KYC_PATH}/${linkToken}`)
  if (redirectUri) url.searchParams.set('redirectUri', redirectUri)
  return url.toString()
}
