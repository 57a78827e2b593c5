import { invalidInput } from '@pp/errors'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { exportBundle } from '../../crypto/bundles.js'
import { isP256PublicKey } from '../../crypto/p256.js'
import { readWalletSecret, storeWalletSecretOnce } from '../../db/wallet-secrets.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'

/** 256 bits of entropy: a 24-word mnemonic. */
const MNEMONIC_STRENGTH_BITS = 256

/**
 * The wallet's secret (a BIP-39 mnemonic, created with the wallet's first export and kept
 * encrypted) sealed to clientPublicKey as an export bundle whose organizationId is the account id.
 */
export async function exportWallet(
  deps: Pick<WalletAuthDeps, 'db' | 'now' | 'box' | 'bundleSigningKey' | 'wallets'>,
  caller: Caller,
  accountId: string,
  clientPublicKey: string,
): Promise<{ id: string; encryptedWalletCredentials: string }> {
  if (!isP256PublicKey(clientPublicKey)) {
    throw invalidInput([{ field: 'clientPublicKey', message: 'expected an uncompressed P-256 public key, hex' }])
  }
  const wallet = await deps.wallets.requireWallet(caller, accountId)
  const mnemonic = await walletSecret(deps, tenantOf(caller), wallet.accountId)
  return { id: wallet.accountId, encryptedWalletCredentials: exportBundle(deps.bundleSigningKey, mnemonic, clientPublicKey, wallet.accountId) }
}

/** The stored secret, or a new one; concurrent first exports keep whichever was written first. */
async function walletSecret(deps: Pick<WalletAuthDeps, 'db' | 'now' | 'box'>, tenant: Tenant, accountId: string): Promise<string> {
  const key = { platformId: tenant.platformId, environment: tenant.environment, accountId }
  const fresh = new TextEncoder().encode(generateMnemonic(wordlist, MNEMONIC_STRENGTH_BITS))
  await storeWalletSecretOnce(deps.db, key, deps.box.seal(fresh), deps.now())
  return new TextDecoder().decode(deps.box.open(await readWalletSecret(deps.db, key)))
}
