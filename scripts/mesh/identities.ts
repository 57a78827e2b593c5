import { writeLocalIdentities, type IdentityFiles } from '@pp/identity'
import { meshIdentities } from './services.js'

export type { IdentityFiles }

/**
 * A fresh local CA and a certificate for every identity of the mesh in `dir`: what `pnpm start`
 * and the tests' meshes give each process as its GRPC_TLS_* files.
 */
export const makeMeshIdentities = (dir: string): Promise<Record<string, IdentityFiles>> => writeLocalIdentities(dir, meshIdentities)
