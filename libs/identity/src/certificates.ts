import 'reflect-metadata' // @peculiar/x509's dependency injection needs it loaded first
import { webcrypto } from 'node:crypto'
import * as x509 from '@peculiar/x509'
import { spiffeIdOf } from './spiffe.js'

x509.cryptoProvider.set(webcrypto as never)

const P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const
const DAY_MS = 24 * 60 * 60 * 1000

/** A PEM certificate and its PKCS#8 PEM private key. */
export interface IssuedPem {
  cert: string
  key: string
}

export interface LocalCa extends IssuedPem {
  /** Signs a certificate for one identity (see `issueIdentity`). */
  sign: (name: string, options?: IssueOptions) => Promise<IssuedPem>
}

export interface IssueOptions {
  /** Host names the holder serves under, beside `localhost` and 127.0.0.1 (a local mesh's). */
  dnsNames?: string[]
  validityDays?: number
}

const pemKey = async (key: webcrypto.CryptoKey): Promise<string> =>
  x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY')

const serial = (): string => Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1')

/**
 * A P-256 certificate authority made on the spot, for a mesh on one machine (`pnpm start`, the
 * tests): its key never leaves the process that made it, so nothing else can issue identities.
 */
export async function createLocalCa(validityDays = 30): Promise<LocalCa> {
  const keys = (await webcrypto.subtle.generateKey(P256, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair
  const notBefore = new Date(Date.now() - 60_000)
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=payments-platform local mesh CA',
    notBefore,
    notAfter: new Date(notBefore.getTime() + validityDays * DAY_MS),
    keys,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  })
  return {
    cert: caCert.toString('pem'),
    key: await pemKey(keys.privateKey),
    sign: (name, options = {}) => issueIdentity(caCert, keys.privateKey, name, { validityDays, ...options }),
  }
}

/**
 * A certificate for one identity, good for serving and for calling (mutual TLS): its SPIFFE id as
 * a URI name, and the host names clients dial it by.
 */
async function issueIdentity(caCert: x509.X509Certificate, caKey: webcrypto.CryptoKey, name: string, options: IssueOptions): Promise<IssuedPem> {
  const keys = (await webcrypto.subtle.generateKey(P256, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair
  const notBefore = new Date(Date.now() - 60_000)
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${name}`,
    issuer: caCert.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + (options.validityDays ?? 30) * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'url', value: spiffeIdOf(name) },
        ...[name, 'localhost', ...(options.dnsNames ?? [])].map((value) => ({ type: 'dns' as const, value })),
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  })
  return { cert: cert.toString('pem'), key: await pemKey(keys.privateKey) }
}
