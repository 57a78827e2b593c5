import { newId } from '@pp/ids'
import { answerOnce, idempotentCall, inTransaction, sqlOf, storeAnswer, type IdempotentCall } from '@pp/db'
import { findCustomer } from '../../db/customers.db.js'
import { insertKycLink } from '../../db/kyc-links.db.js'
import { requireVerifiedContacts } from '../contact-verification/require-verified-contacts.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { hashLinkToken, newLinkToken } from './link-token.js'
import { assertRedirectUri } from './redirect-uri.js'

export interface CreateKycLinkInput {
  customerId: string
  redirectUri?: string
}

/** What the gateway turns into a KycLinkResponse; the token becomes the hosted URL. */
export interface KycLinkView {
  linkToken: string
  expiresAt: string
  provider: string
  sdkToken?: string
  redirectUri?: string
}

/**
 * A fresh single-use link for the customer; earlier links stay as they are (spec rule 5) and the
 * customer's status does not change (rule 2). With an idempotency key a retry gets the first
 * link: the stored answer holds its token, which the link table itself never does.
 */
export async function createKycLink(
  deps: CustomersDeps,
  caller: Caller,
  input: CreateKycLinkInput,
  idempotencyKey?: string,
): Promise<KycLinkView> {
  const redirectUri = input.redirectUri === undefined ? undefined : assertRedirectUri(input.redirectUri)
  const tenant = tenantOf(caller)
  const call = idempotencyKey === undefined ? undefined : idempotentCall(idempotencyKey, 'CreateKycLink', input, deps)
  return answerOnce(deps.sql, tenant, call, async () => {
    const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenant, input.customerId), input.customerId))
    await requireVerifiedContacts(deps.db, customer)
    return createKycLink_(deps, caller, customer.id, redirectUri, call)
  })
}

async function createKycLink_(
  deps: CustomersDeps,
  caller: Caller,
  customerId: string,
  redirectUri: string | undefined,
  call?: IdempotentCall,
): Promise<KycLinkView> {
  const tenant = tenantOf(caller)
  const now = deps.now()
  const linkToken = newLinkToken()
  const provider = deps.verification[caller.environment].name
  const expiresAt = new Date(now.getTime() + deps.settings.kycLinkTtlMs)
  const view: KycLinkView = { linkToken, expiresAt: expiresAt.toISOString(), provider, redirectUri }
  await inTransaction(deps.db, async (tx) => {
    const link = { id: newId('KycLink'), tenant, customerId, provider, redirectUri, expiresAt, createdAt: now }
    await insertKycLink(tx, { ...link, tokenHash: hashLinkToken(linkToken) })
    if (call) await storeAnswer(sqlOf(tx), tenant, call, view, now)
  })
  return view
}
