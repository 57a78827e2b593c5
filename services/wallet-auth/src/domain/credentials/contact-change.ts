import { createHash } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { contactChangePrefix, walletAuthSignedOperation, type ContactChange } from '@pp/vocabulary'
import { findCredentialsReplacedBy, updateOtpContact, type ReplacedCredential } from '../../db/auth-methods.db.js'
import type { Tx } from '../../db/client.js'
import { findTenantSignedRequest } from '../../db/signed-requests.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { duplicateError } from './create-credential.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import type { Tenant } from '../types.js'

/** Who signs a contact change, and the operation its challenge is bound to. */
export interface ContactChangeSigner {
  walletAccountId: string
  operation: string
}

// the credentials a change replaces, named by their ids: a challenge is for exactly these
const credentialSetOf = (replaced: ReplacedCredential[]): string =>
  createHash('sha256').update(replaced.map((credential) => credential.id).join(',')).digest('hex').slice(0, 32)

function signerOf(customerId: string, change: ContactChange, replaced: ReplacedCredential[]): ContactChangeSigner | undefined {
  if (replaced.length === 0) return undefined
  if (change.email !== undefined && change.phoneNumber !== undefined) {
    throw invalidInput(
      [{ field: 'phoneNumber', message: 'send email and phoneNumber in separate updates: each is authorised by the embedded wallet on its own' }],
      'A customer whose embedded wallet signs in with these contacts updates one of them at a time',
    )
  }
  // the lowest wallet id: any session of a tied wallet could sign, the challenge names one
  const walletAccountId = replaced.map((credential) => credential.accountId).sort()[0]!
  return { walletAccountId, operation: walletAuthSignedOperation.changeContact(customerId, credentialSetOf(replaced)) }
}

/**
 * The reference's signed customer update: changing the email (phone number) that an EMAIL_OTP
 * (SMS_OTP) credential of one of the customer's embedded wallets signs in with is authorised by a
 * session of that wallet. Answers that wallet and the operation the challenge binds (which names
 * the credentials the change replaces), or undefined when the change needs no signature. Each
 * contact is authorised on its own, so a change of both is refused when a wallet is tied.
 */
export async function contactChangeSigner(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, customerId: string, change: ContactChange): Promise<ContactChangeSigner | undefined> {
  return signerOf(customerId, change, await findCredentialsReplacedBy(deps.db, tenant, customerId, change))
}

/**
 * The credentials' half of a customer's contact update, which the customers service runs inside
 * its own update (so a refusal here leaves the customer unchanged): every credential whose contact
 * the change replaces takes the new one, locked, checked and written in one transaction. When any
 * does, the update is the signed retry: its request must have been issued for these very
 * credentials (409 *_CREDENTIAL_SET_CHANGED otherwise) and is completed here, so no update of a
 * sign-in contact happens without the wallet's signature. Answers how many changed.
 */
export async function syncContactCredentials(
  deps: Pick<WalletAuthDeps, 'db' | 'now'>,
  tenant: Tenant,
  customerId: string,
  change: ContactChange,
  proof: WalletSignatureProof | undefined,
): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const replaced = await findCredentialsReplacedBy(tx, tenant, customerId, change)
    const signer = signerOf(customerId, change, replaced)
    if (!signer) return 0
    await refuseChangedSet(tx, tenant, customerId, change, signer, proof)
    await completeSignedOperation(deps, tx, tenant, { accountId: signer.walletAccountId, operation: signer.operation }, proof)
    const now = deps.now()
    for (const credential of replaced) {
      await updateOtpContact(tx, credential, change, now).catch((err: unknown) => {
        throw duplicateError(err, credential.type) ?? err
      })
    }
    return replaced.length
  })
}

/** The challenge was issued for other credentials than the change now replaces (one added or removed since). */
async function refuseChangedSet(tx: Tx, tenant: Tenant, customerId: string, change: ContactChange, signer: ContactChangeSigner, proof: WalletSignatureProof | undefined): Promise<void> {
  if (!proof) return
  const issued = await findTenantSignedRequest(tx, tenant, proof.requestId)
  if (!issued || !issued.operation.startsWith(contactChangePrefix(customerId)) || issued.operation === signer.operation) return
  throw change.email !== undefined
    ? new ApiError('EMAIL_OTP_CREDENTIAL_SET_CHANGED', 'The EMAIL_OTP credentials tied to the customer changed after the challenge was issued: start the update again')
    : new ApiError('SMS_OTP_CREDENTIAL_SET_CHANGED', 'The SMS_OTP credentials tied to the customer changed while the update was in flight: start the update again')
}
