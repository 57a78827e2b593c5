import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose'

/** A test OIDC provider: an ES256 key whose JWKS is served over HTTP, and a token factory. */
export interface TestIssuer {
  issuer: string
  jwksUri: string
  /** A token signed with the issuer's key. */
  sign(claims: JWTPayload): Promise<string>
  close(): Promise<void>
}

const KEY_ID = 'test-key'

export async function startTestIssuer(issuer: string): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'ES256', use: 'sig' }
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    issuer,
    jwksUri: `http://127.0.0.1:${port}/jwks`,
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: KEY_ID }).sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A token whose signature segment is garbage: what sandbox accepts and production refuses. */
export function unsignedToken(claims: JWTPayload): string {
  const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${segment({ alg: 'ES256', kid: KEY_ID })}.${segment(claims)}.${Buffer.from('not-a-signature').toString('base64url')}`
}
