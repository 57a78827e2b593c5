import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { identityFromSubjectAltName, spiffeIdOf, writeLocalIdentities } from './index.js'

describe('local identities', () => {
  const folder = mkdtempSync(join(tmpdir(), 'identities-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('issues each name a certificate of the local CA that names it by its SPIFFE id, its key readable by the owner alone', async () => {
    const files = await writeLocalIdentities(folder, ['ledger', 'admin'])
    const ca = new X509Certificate(readFileSync(files.ledger!.GRPC_TLS_CA_FILE))
    for (const name of ['ledger', 'admin']) {
      const cert = new X509Certificate(readFileSync(files[name]!.GRPC_TLS_CERT_FILE))
      expect(cert.verify(ca.publicKey)).toBe(true)
      expect(identityFromSubjectAltName(cert.subjectAltName)).toBe(name)
      expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1')
      expect(statSync(files[name]!.GRPC_TLS_KEY_FILE).mode & 0o077).toBe(0)
    }
  })

  it('reads an identity only from one SPIFFE id of this trust domain', () => {
    expect(identityFromSubjectAltName(`DNS:ledger, URI:${spiffeIdOf('ledger')}, IP Address:127.0.0.1`)).toBe('ledger')
    expect(identityFromSubjectAltName('DNS:ledger')).toBeUndefined()
    expect(identityFromSubjectAltName('URI:spiffe://elsewhere/ledger')).toBeUndefined()
    expect(identityFromSubjectAltName(`URI:${spiffeIdOf('ledger')}, URI:${spiffeIdOf('payments')}`)).toBeUndefined()
    expect(identityFromSubjectAltName(undefined)).toBeUndefined()
    expect(() => spiffeIdOf('../admin')).toThrow(/not an identity name/)
  })
})
