/**
 * `pnpm mesh-keys [dir]`: what a deployment's processes prove themselves with, made once and kept:
 * in `<dir>/events`, an Ed25519 signing key per service and the gateway (`<name>.pem`; the
 * gateway's signs tenant tokens) and the verify set
 * of them all (`verify-keys.json`); in `<dir>/nats`, an nkey seed per service, the gateway and an
 * admin (`<user>.nk`) and the nats-server authorization block naming them (`nats-users.conf`).
 * docker-compose.yml reads .data/mesh-keys (the default); Kubernetes takes them as the Secrets
 * event-signing-keys and nats-nkeys and the ConfigMap event-verify-keys (docs/operations.md).
 */
import { join } from 'node:path'
import { ensureEventKeys } from './mesh/event-keys.js'
import { ensureNatsUsers } from './mesh/nats-users.js'
import { meshServices } from './mesh/services.js'

const dir = process.argv[2] ?? '.data/mesh-keys'
const services = meshServices.map((s) => s.name)
const events = ensureEventKeys(join(dir, 'events'), services)
const nats = ensureNatsUsers(join(dir, 'nats'), services)
console.log(`Event keys: ${events.dir}/<service>.pem and ${events.verifyKeysFile}`)
console.log(`NATS users: ${nats.dir}/<user>.nk and ${nats.configFile} (include it in the nats-server configuration)`)
