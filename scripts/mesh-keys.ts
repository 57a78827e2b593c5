/**
 * `pnpm mesh-keys [dir] [NATS host name...]`: what a deployment's processes prove themselves with,
 * made once and kept: in `<dir>/events`, an Ed25519 signing key per service and the gateway
 * (`<name>.pem`; the gateway's signs tenant tokens) and the verify set of them all
 * (`verify-keys.json`); in `<dir>/nats`, an nkey seed per service, the gateway and an admin
 * (`<user>.nk`) and the nats-server authorization block naming them (`nats-users.conf`); in
 * `<dir>/nats/tls`, the NATS server's TLS certificate and key and the CA every process trusts it by
 * (`nats-server.pem`, `nats-server.key`, `ca.pem`), naming `nats`, localhost, 127.0.0.1 and the
 * host names given. docker-compose.yml reads .data/mesh-keys (the default); Kubernetes takes them
 * as the Secrets event-signing-keys and nats-nkeys and the ConfigMap event-verify-keys
 * (docs/operations.md).
 */
import { join } from 'node:path'
import { ensureEventKeys } from './mesh/event-keys.js'
import { ensureNatsServerCertificate } from './mesh/nats-tls.js'
import { ensureNatsUsers } from './mesh/nats-users.js'
import { meshServices } from './mesh/services.js'

const [dir = '.data/mesh-keys', ...natsHostNames] = process.argv.slice(2)
const services = meshServices.map((s) => s.name)
const events = ensureEventKeys(join(dir, 'events'), services)
const nats = ensureNatsUsers(join(dir, 'nats'), services)
const tls = await ensureNatsServerCertificate(join(dir, 'nats', 'tls'), natsHostNames)
console.log(`Event keys: ${events.dir}/<service>.pem and ${events.verifyKeysFile}`)
console.log(`NATS users: ${nats.dir}/<user>.nk and ${nats.configFile} (include it in the nats-server configuration)`)
console.log(`NATS TLS: ${tls.certFile} and ${tls.keyFile} for the server (tls { cert_file, key_file }), ${tls.caFile} for every process (NATS_TLS_CA_FILE)`)
