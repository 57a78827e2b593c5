/**
 * `node cli.js <folder> <name>...`: a fresh local CA and a certificate for each identity in the
 * folder (see writeLocalIdentities), for docker-compose.yml, whose containers mount it. Clusters
 * get their certificates from cert-manager instead (deploy/k8s/components/mtls).
 */
import { writeLocalIdentities } from './files.js'

const [folder, ...names] = process.argv.slice(2)
if (!folder || names.length === 0) {
  console.error('usage: cli <folder> <identity name>...')
  process.exit(2)
}
await writeLocalIdentities(folder, names)
console.log(`identities written to ${folder}: ${names.join(', ')}`)
