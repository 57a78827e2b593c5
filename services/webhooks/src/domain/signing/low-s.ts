/** P-256's group order: (r, s) and (r, n - s) are both valid ECDSA signatures of the same message. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
const HALF_N = N >> 1n

/**
 * The low-S form of a DER ECDSA P-256 signature. OpenSSL returns either form; strict verifiers
 * (noble's default, Bitcoin-style libraries) accept only s <= n/2, which is what receivers got
 * before signing moved to node:crypto, so every signature keeps that form.
 */
export function toLowS(der: Buffer): Buffer {
  // SEQUENCE { INTEGER r, INTEGER s }: under 128 bytes for P-256, so every length is one byte
  const rLength = der[3]!
  const r = der.subarray(4, 4 + rLength)
  const s = BigInt(`0x${der.subarray(4 + rLength + 2).toString('hex')}`)
  if (s <= HALF_N) return der
  const lowS = derInteger(N - s)
  return Buffer.concat([Buffer.from([0x30, 4 + r.length + lowS.length, 0x02, r.length]), r, Buffer.from([0x02, lowS.length]), lowS])
}

/** A positive INTEGER's content bytes: big-endian, minimal, a leading zero when the top bit is set. */
function derInteger(value: bigint): Buffer {
  const hex = value.toString(16)
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  return bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes
}
