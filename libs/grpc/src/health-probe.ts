/**
 * `node health-probe.js [service] [host:port]`: exits 0 when the server reports `service` ('' for
 * liveness, `readiness` for its dependencies) SERVING, 1 otherwise. The address defaults to the
 * process's own GRPC_ADDRESS, so one container health check (docker-compose.yml) fits every
 * service; Kubernetes asks the health service itself.
 */
import { checkHealth } from './health.js'

const [service = '', address = process.env.GRPC_ADDRESS?.replace(/^0\.0\.0\.0:/, '127.0.0.1:')] = process.argv.slice(2)
if (!address) {
  console.error('usage: health-probe [service] [host:port] (or GRPC_ADDRESS set)')
  process.exit(2)
}
checkHealth(address, service, 2_000).then((serving) => process.exit(serving ? 0 : 1))
