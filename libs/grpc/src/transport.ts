import { readFileSync } from 'node:fs'
import { credentials, ServerCredentials, type ChannelCredentials } from '@grpc/grpc-js'

/** Where a process finds its mutual-TLS material (mounted files), all three or none. */
export interface GrpcTlsFiles {
  GRPC_TLS_CA_FILE?: string
  GRPC_TLS_CERT_FILE?: string
  GRPC_TLS_KEY_FILE?: string
}

interface Transport {
  client: ChannelCredentials
  server: ServerCredentials
}

let transport: Transport | undefined

/**
 * Every process is given a CA, its own certificate (naming its identity, see @pp/identity) and
 * its key: every server then asks callers for a certificate that CA signed, and every client
 * presents its own and checks the server's. Without the files (refused in production by
 * @pp/config; in-process tests) traffic is plaintext and servers cannot tell who calls. Call it
 * once at start, before any client or server exists (runService and the gateway's main do).
 */
export function configureGrpcTransport(files: GrpcTlsFiles): void {
  transport = transportOf(files)
}

function transportOf(files: GrpcTlsFiles): Transport | undefined {
  const { GRPC_TLS_CA_FILE: caFile, GRPC_TLS_CERT_FILE: certFile, GRPC_TLS_KEY_FILE: keyFile } = files
  if (!caFile && !certFile && !keyFile) return undefined
  if (!caFile || !certFile || !keyFile) throw new Error('GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE go together')
  const [ca, cert, key] = [caFile, certFile, keyFile].map((file) => readFileSync(file))
  return {
    client: credentials.createSsl(ca, key, cert),
    server: ServerCredentials.createSsl(ca!, [{ cert_chain: cert!, private_key: key! }], true),
  }
}

/** Whether calls arrive over mutual TLS, so each caller's identity is known. */
export const isMutualTls = (): boolean => transport !== undefined

/**
 * Credentials of another identity than the process's own, for a client that speaks for it (the
 * tests' admin client, and their attacks with another service's certificate); plaintext without files.
 */
export const clientCredentialsOf = (files: GrpcTlsFiles): ChannelCredentials => transportOf(files)?.client ?? credentials.createInsecure()

export const clientCredentials = (): ChannelCredentials => transport?.client ?? credentials.createInsecure()
export const serverCredentials = (): ServerCredentials => transport?.server ?? ServerCredentials.createInsecure()
