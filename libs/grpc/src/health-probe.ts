/**
 * `node health-probe.js [service] [host:port]`: exits 0 when the server reports `service` ('' for
 * liveness, `readiness` for its dependencies) SERVING, 1 otherwise. The address defaults to the
 * process's own GRPC_ADDRESS, and the call goes over mutual TLS with the process's own identity
 * (its GRPC_TLS_* files), so one health check (docker-compose.yml, the Kubernetes probes) fits
 * every service: a server of the mesh answers nobody without a certificate.
 */
import { checkHealth } from './health.js'
import { configureGrpcTransport } from './transport.js'

const [service = '', address = process.env.GRPC_ADDRESS?.replace(/^0\.0\.0\.0:/, '127.0.0.1:')] = process.argv.slice(2)
if (!address) {
  console.error('usage: health-probe [service] [host:port] (or GRPC_ADDRESS set)')
  process.exit(2)
}
const { GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE, GRPC_TLS_KEY_FILE } = process.env
configureGrpcTransport({ GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE, GRPC_TLS_KEY_FILE })
checkHealth(address, service, 2_000).then((serving) => process.exit(serving ? 0 : 1))
