import { ApiError } from '@pp/errors'
import { findKycLinkByHash } from '../../db/kyc-links.db.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller, Environment } from '../types.js'
import { hashLinkToken, isLinkTokenShaped } from './link-token.js'
import type { KycLinkRow } from './types.js'

export type LinkState = 'OPEN' | 'USED' | 'EXPIRED'

/** A link found by its token, with the tenant it acts for (hosted calls carry none of their own). */
export interface HostedLink {
  link: KycLinkRow
  caller: Caller
  state: LinkState
}

export const linkState = (link: KycLinkRow, now: Date): LinkState =>
  link.usedAt !== null ? 'USED' : link.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'OPEN'

/** NOT_FOUND for a token that names no link: a guess learns nothing more. */
export async function findHostedLink(deps: CustomersDeps, linkToken: string, requestId: string): Promise<HostedLink> {
  const link = isLinkTokenShaped(linkToken) ? await findKycLinkByHash(deps.db, hashLinkToken(linkToken)) : undefined
  if (!link) throw new ApiError('NOT_FOUND', 'This verification link does not exist')
  const caller = { platformId: link.platformId, environment: link.environment as Environment, requestId }
  return { link, caller, state: linkState(link, deps.now()) }
}

/** A used or expired link changes nothing. */
export function requireOpen(state: LinkState): void {
  if (state === 'USED') throw new ApiError('FORBIDDEN', 'This verification link has already been used')
  if (state === 'EXPIRED') throw new ApiError('FORBIDDEN', 'This verification link has expired')
}

/** The open link of a step that writes; its customer is the only one the step may touch. */
export async function openHostedLink(deps: CustomersDeps, linkToken: string, requestId: string): Promise<HostedLink> {
  const hosted = await findHostedLink(deps, linkToken, requestId)
  requireOpen(hosted.state)
  return hosted
}
