import { bytesToHex, hexToBytes } from '@noble/curves/utils.js'
import { formatHpkeBuf, hpkeDecrypt, hpkeEncrypt } from '@turnkey/crypto'
import { bs58check } from '@turnkey/encoding'
import { publicKeyOf, signDer, uncompressedPublicKey } from './p256.js'

/**
 * The bundle formats @turnkey/crypto clients read and write (see the reference README's wire
 * formats). Signed bundles carry `data` (hex of a JSON object) signed by the service's bundle
 * signing key; clients check that signature against the key they were told to expect.
 */
const BUNDLE_VERSION = 'v1.0.0'

interface SignedBundle {
  version: string
  data: string
  dataSignature: string
  enclaveQuorumPublic: string
}

function signedBundle(signingKey: string, content: Record<string, string>): string {
  const data = new TextEncoder().encode(JSON.stringify(content))
  const bundle: SignedBundle = {
    version: BUNDLE_VERSION,
    data: bytesToHex(data),
    dataSignature: signDer(signingKey, data),
    enclaveQuorumPublic: publicKeyOf(signingKey, false),
  }
  return JSON.stringify(bundle)
}

/** The public key clients must expect as the signer of our bundles (uncompressed hex). */
export const bundleSignerPublicKey = (signingKey: string): string => publicKeyOf(signingKey, false)

/** otpEncryptionTargetBundle: tells the client which key to HPKE-seal its OTP attempt to. */
export const otpTargetBundle = (signingKey: string, targetPublicKey: string): string =>
  signedBundle(signingKey, { targetPublic: bytesToHex(uncompressedPublicKey(targetPublicKey)) })

/** HPKE-opens an encryptedOtpBundle (JSON {encappedPublic, ciphertext}) with the target key. */
export function openOtpBundle(encryptedOtpBundle: string, targetPrivateKey: string): Uint8Array {
  const { encappedPublic, ciphertext } = JSON.parse(encryptedOtpBundle) as { encappedPublic: unknown; ciphertext: unknown }
  if (typeof encappedPublic !== 'string' || typeof ciphertext !== 'string') throw new Error('not an HPKE bundle')
  return hpkeDecrypt({
    ciphertextBuf: hexToBytes(ciphertext),
    encappedKeyBuf: hexToBytes(encappedPublic),
    receiverPriv: targetPrivateKey,
  })
}

/** A credential bundle that decryptCredentialBundle(bundle, clientPrivateKey) opens to `privateKey` (hex). */
export const credentialBundle = (privateKey: string, clientPublicKey: string): string =>
  bs58check.encode(hpkeEncrypt({ plainTextBuf: hexToBytes(privateKey), targetKeyBuf: uncompressedPublicKey(clientPublicKey) }))

/**
 * An export bundle that decryptExportBundle({exportBundle, embeddedKey, organizationId,
 * returnMnemonic: true, dangerouslyOverrideSignerPublicKey: bundleSignerPublicKey}) opens to `secret`.
 */
export function exportBundle(signingKey: string, secret: string, clientPublicKey: string, organizationId: string): string {
  const sealed = hpkeEncrypt({
    plainTextBuf: new TextEncoder().encode(secret),
    targetKeyBuf: uncompressedPublicKey(clientPublicKey),
  })
  const { encappedPublic, ciphertext } = JSON.parse(formatHpkeBuf(sealed)) as { encappedPublic: string; ciphertext: string }
  return signedBundle(signingKey, { organizationId, encappedPublic, ciphertext })
}
