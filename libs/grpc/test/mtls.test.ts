import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureGrpcTransport, healthClient, startGrpcServer, type RunningGrpcServer } from '../src/index.js'
import { createLogger } from '@pp/logging'

/**
 * Optional mutual TLS between services, from mounted PEM files: with them, a server takes calls
 * only from clients that present a certificate of the mesh's CA, and clients given the same files
 * reach it; plaintext and certificate-less callers are refused.
 */
describe('mutual TLS between services', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mtls-'))
  const file = (name: string) => join(folder, name)
  const filesOf = (ca: string) => ({ GRPC_TLS_CA_FILE: file(`${ca}-ca.pem`), GRPC_TLS_CERT_FILE: file(`${ca}.pem`), GRPC_TLS_KEY_FILE: file(`${ca}.key`) })
  /** A CA of its own and a P-256 certificate it signs for 127.0.0.1, good for serving and calling. */
  const issue = (ca: string) => {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' })
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
    openssl('req', '-x509', ...ec, '-days', '1', '-subj', `/CN=${ca}-ca`, '-keyout', file(`${ca}-ca.key`), '-out', file(`${ca}-ca.pem`))
    openssl('req', ...ec, '-subj', `/CN=${ca}`, '-keyout', file(`${ca}.key`), '-out', file(`${ca}.csr`))
    openssl('x509', '-req', '-in', file(`${ca}.csr`), '-CA', file(`${ca}-ca.pem`), '-CAkey', file(`${ca}-ca.key`), '-CAcreateserial', '-days', '1', '-extfile', file('san.ext'), '-out', file(`${ca}.pem`))
  }
  let server: RunningGrpcServer
  let address: string

  beforeAll(async () => {
    writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n')
    issue('mesh')
    issue('stranger')
    configureGrpcTransport(filesOf('mesh'))
    server = await startGrpcServer('127.0.0.1:0', [], createLogger('mtls-test', 'silent'), { callers: {} })
    address = `127.0.0.1:${server.port}`
  })

  afterAll(async () => {
    await server?.shutdown()
    configureGrpcTransport({})
    rmSync(folder, { recursive: true, force: true })
  })

  it('serves a client that presents a certificate of the CA', async () => {
    const health = healthClient(address)
    expect(await health.isServing('')).toBe(true)
    health.close()
  })

  it.each([
    ['plaintext callers', {}],
    ['callers whose certificate another CA signed', 'stranger'],
  ] as const)('refuses %s', async (_, files) => {
    configureGrpcTransport(typeof files === 'string' ? filesOf(files) : files)
    const health = healthClient(address)
    try {
      expect(await health.isServing('', 2_000)).toBe(false)
    } finally {
      health.close()
      configureGrpcTransport(filesOf('mesh'))
    }
  })

  it('refuses half a configuration', () => {
    expect(() => configureGrpcTransport({ GRPC_TLS_CA_FILE: file('mesh-ca.pem') })).toThrow(/go together/)
  })
})
