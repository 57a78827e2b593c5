import type { ServerUnaryCall } from '@grpc/grpc-js'
import { identityFromSubjectAltName } from '@pp/identity'

/**
 * The identity the caller's certificate names. Over mutual TLS the server has verified the
 * certificate against the mesh's CA before the call arrives, so the name in it is proven;
 * undefined when the certificate names none.
 */
export function callerIdentity(call: Pick<ServerUnaryCall<unknown, unknown>, 'getAuthContext'>): string | undefined {
  return identityFromSubjectAltName(call.getAuthContext().sslPeerCertificate?.subjectaltname)
}
