import { join } from 'node:path'
import { writeLocalIdentities, type IdentityFiles } from '@pp/identity'
import { repoRoot } from '@pp/testing'
import { meshIdentities } from './services.js'

export type { IdentityFiles }

/** Where `pnpm start` keeps the identities of its mesh (git ignores it), made afresh at every start. */
export const LOCAL_IDENTITIES_DIR = join(repoRoot, '.mesh-identities')

/** The files `pnpm start` wrote for one identity, for a process that speaks to its mesh as that identity (the bench, as admin). */
export const localIdentityFiles = (name: string): IdentityFiles => ({
  GRPC_TLS_CA_FILE: join(LOCAL_IDENTITIES_DIR, 'ca.pem'),
  GRPC_TLS_CERT_FILE: join(LOCAL_IDENTITIES_DIR, `${name}.pem`),
  GRPC_TLS_KEY_FILE: join(LOCAL_IDENTITIES_DIR, `${name}.key`),
})

/**
 * A fresh local CA and a certificate for every identity of the mesh in `dir`: what `pnpm start`
 * and the tests' meshes give each process as its GRPC_TLS_* files.
 */
export const makeMeshIdentities = (dir: string): Promise<Record<string, IdentityFiles>> => writeLocalIdentities(dir, meshIdentities)
