import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Secrets that must be checkable but never readable (API token secrets, SCA recovery codes) are
 * kept only as a slow, salted scrypt hash in PHC string form (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`),
 * so each stored value says how to check it and the cost can be raised later without invalidating
 * what was stored before.
 */
export interface SecretHasher {
  hash(secret: string): Promise<string>
  verify(secret: string, stored: string): Promise<boolean>
}

const KEY_BYTES = 32
const SALT_BYTES = 16
const BLOCK_SIZE = 8
const PARALLELISM = 1
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/
// Bounds on parameters read back from storage, so a corrupt row cannot ask for unbounded work.
const LOG_N_MAX = 20
const BLOCK_SIZE_MAX = 16

interface ScryptParams {
  logN: number
  blockSize: number
  parallelism: number
}

export function createSecretHasher(logN: number): SecretHasher {
  const params: ScryptParams = { logN, blockSize: BLOCK_SIZE, parallelism: PARALLELISM }
  return {
    hash: (secret) => hashWith(secret, params),
    async verify(secret, stored) {
      const { salt, expected, params: storedParams } = parsePhc(stored)
      const actual = await derive(secret, salt, storedParams, expected.length)
      return timingSafeEqual(actual, expected)
    },
  }
}

async function hashWith(secret: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(secret, salt, params, KEY_BYTES)
  const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '')
  return `$scrypt$ln=${params.logN},r=${params.blockSize},p=${params.parallelism}$${b64(salt)}$${b64(key)}`
}

function derive(secret: string, salt: Buffer, params: ScryptParams, keyBytes: number): Promise<Buffer> {
  const n = 2 ** params.logN
  const options: ScryptOptions = {
    N: n,
    r: params.blockSize,
    p: params.parallelism,
    // scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is too low for N = 2^15.
    maxmem: 256 * n * params.blockSize,
  }
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keyBytes, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

function parsePhc(stored: string): { salt: Buffer; expected: Buffer; params: ScryptParams } {
  const match = PHC.exec(stored)
  const params: ScryptParams = { logN: Number(match?.[1]), blockSize: Number(match?.[2]), parallelism: Number(match?.[3]) }
  if (!match || params.logN > LOG_N_MAX || params.blockSize > BLOCK_SIZE_MAX || params.parallelism < 1) {
    throw new Error('stored secret hash is malformed')
  }
  return { salt: Buffer.from(match[4]!, 'base64'), expected: Buffer.from(match[5]!, 'base64'), params }
}
