import { inTransaction } from '@pp/db'
import { invalidInput } from '@pp/errors'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { exportBundle } from '../../crypto/bundles.js'
import { isP256PublicKey } from '../../crypto/p256.js'
import type { Tx } from '../../db/client.js'
import { readWalletSecret, storeWalletSecretOnce } from '../../db/wallet-secrets.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { openBytes, sealBytes, walletSecretBinding } from '../secrets/wallet-sealing.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'

/** 256 bits of entropy: a 24-word mnemonic. */
const MNEMONIC_STRENGTH_BITS = 256

/**
 * The wallet's secret (a BIP-39 mnemonic, created with the wallet's first export and kept
 * encrypted) sealed to clientPublicKey as an export bundle whose organizationId is the account id:
 * a signed operation of the wallet, its request completed in the transaction that reads the secret.
 */
export async function exportWallet(
  deps: Pick<WalletAuthDeps, 'db' | 'now' | 'sealing' | 'bundleSigningKey' | 'wallets'>,
  caller: Caller,
  input: { accountId: string; clientPublicKey: string },
  proof: WalletSignatureProof | undefined,
): Promise<{ id: string; encryptedWalletCredentials: string }> {
  const { clientPublicKey } = input
  if (!isP256PublicKey(clientPublicKey)) {
    throw invalidInput([{ field: 'clientPublicKey', message: 'expected an uncompressed P-256 public key, hex' }])
  }
  const wallet = await deps.wallets.requireWallet(caller, input.accountId)
  const tenant = tenantOf(caller)
  const operation = { accountId: wallet.accountId, operation: walletAuthSignedOperation.exportWallet(wallet.accountId), signedValues: { clientPublicKey } }
  const mnemonic = await inTransaction(deps.db, async (tx) => {
    await completeSignedOperation(deps, tx, tenant, operation, proof)
    return walletSecret(deps, tx, tenant, wallet.accountId)
  })
  return { id: wallet.accountId, encryptedWalletCredentials: exportBundle(deps.bundleSigningKey, mnemonic, clientPublicKey, wallet.accountId) }
}

/** The stored secret, or a new one; concurrent first exports keep whichever was written first. */
async function walletSecret(deps: Pick<WalletAuthDeps, 'now' | 'sealing'>, tx: Tx, tenant: Tenant, accountId: string): Promise<string> {
  const key = { platformId: tenant.platformId, environment: tenant.environment, accountId }
  const fresh = new TextEncoder().encode(generateMnemonic(wordlist, MNEMONIC_STRENGTH_BITS))
  const boundTo = walletSecretBinding(key)
  await storeWalletSecretOnce(tx, key, sealBytes(deps.sealing, boundTo, fresh), deps.now())
  return new TextDecoder().decode(openBytes(deps.sealing, boundTo, await readWalletSecret(tx, key)))
}
