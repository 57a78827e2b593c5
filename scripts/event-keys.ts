/**
 * `pnpm event-keys [dir]`: an Ed25519 event-signing key per service (`<service>.pem`) and the
 * verify set of them all (`verify-keys.json`), for a deployment: docker-compose.yml reads them from
 * .data/event-keys (the default), Kubernetes takes them as the Secret event-signing-keys and the
 * ConfigMap event-verify-keys (docs/operations.md). Keys already in the folder are kept.
 */
import { ensureEventKeys } from './mesh/event-keys.js'
import { meshServices } from './mesh/services.js'

const files = ensureEventKeys(process.argv[2] ?? '.data/event-keys', meshServices.map((s) => s.name))
console.log(`Each service's private key: ${files.dir}/<service>.pem; every process's verify set: ${files.verifyKeysFile}`)
