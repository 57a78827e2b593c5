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
 * Service-to-service traffic is plaintext unless the process is given a CA, a certificate and
 * its key: then every server asks callers for a certificate that CA signed, and every client
 * presents its own and checks the server's. Call it once at start, before any client or server
 * exists (runService and the gateway's main do).
 */
export function configureGrpcTransport(files: GrpcTlsFiles): void {
  const { GRPC_TLS_CA_FILE: caFile, GRPC_TLS_CERT_FILE: certFile, GRPC_TLS_KEY_FILE: keyFile } = files
  if (!caFile && !certFile && !keyFile) {
    transport = undefined
    return
  }
  if (!caFile || !certFile || !keyFile) throw new Error('GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE go together')
  const [ca, cert, key] = [caFile, certFile, keyFile].map((file) => readFileSync(file))
  transport = {
    client: credentials.createSsl(ca, key, cert),
    server: ServerCredentials.createSsl(ca!, [{ cert_chain: cert!, private_key: key! }], true),
  }
}

export const clientCredentials = (): ChannelCredentials => transport?.client ?? credentials.createInsecure()
export const serverCredentials = (): ServerCredentials => transport?.server ?? ServerCredentials.createInsecure()
