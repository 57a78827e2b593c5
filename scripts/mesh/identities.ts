import { join } from 'node:path'
import { writeLocalIdentities, type IdentityFiles } from '@pp/identity'
import { repoRoot } from '@pp/testing'
import type { NatsServerCertificate } from './nats-users.js'
import { meshIdentities } from './services.js'

export type { IdentityFiles }

/**
 * Where `pnpm start` keeps the identities it makes at every start: `.mesh-identities/` (git ignores it), or
 * MESH_IDENTITIES_DIR for a mesh started from a copy of the repository (whose linked packages name
 * this checkout as the root) that must not replace the identities of one running here.
 */
export const LOCAL_IDENTITIES_DIR = process.env.MESH_IDENTITIES_DIR || join(repoRoot, '.mesh-identities')

/** The files `pnpm start` wrote in `dir` for one identity, for a process that speaks to its mesh as that identity (the bench, as admin). */
export const identityFilesIn = (dir: string, name: string): IdentityFiles => ({
  GRPC_TLS_CA_FILE: join(dir, 'ca.pem'),
  GRPC_TLS_CERT_FILE: join(dir, `${name}.pem`),
  GRPC_TLS_KEY_FILE: join(dir, `${name}.key`),
})

/**
 * The certificate of a NATS server a mesh starts (`pnpm start`, the shared test mesh): from the
 * mesh's CA, for 127.0.0.1 and localhost, so every process that trusts the CA trusts the server.
 */
export const NATS_SERVER_IDENTITY = 'nats'

/** The NATS server's TLS files among a mesh's identities (makeMeshIdentities). */
export function natsServerCertificateOf(identities: Record<string, IdentityFiles>): NatsServerCertificate {
  const files = identities[NATS_SERVER_IDENTITY]!
  return { caFile: files.GRPC_TLS_CA_FILE, certFile: files.GRPC_TLS_CERT_FILE, keyFile: files.GRPC_TLS_KEY_FILE }
}

/**
 * A fresh local CA and a certificate for every identity of the mesh in `dir`: what `pnpm start`
 * and the tests' meshes give each process as its GRPC_TLS_* files, and the NATS server's.
 */
export const makeMeshIdentities = (dir: string): Promise<Record<string, IdentityFiles>> => writeLocalIdentities(dir, [...meshIdentities, NATS_SERVER_IDENTITY])
