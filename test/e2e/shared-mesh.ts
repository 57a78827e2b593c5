import { readFileSync } from 'node:fs'
import { configureGrpcTransport, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { inject } from 'vitest'
import { liveMeshes, platformCreator, type Mesh } from './mesh.js'

/** A log file's text; nothing when the process has not printed yet. */
const readLog = (logFile: string): string => {
  try {
    return readFileSync(logFile, 'utf8')
  } catch {
    return ''
  }
}

/**
 * The mesh the test run shares (started once by `test/e2e/shared-mesh.setup.ts`) for the files
 * that need nothing of their own: each makes platforms of its own, and they run one at a time.
 * Stopping it only lets go of it; restarting its processes is for meshes of a file's own.
 */
export function sharedMesh(): Mesh {
  const description = inject('sharedMesh')
  if (!description) throw new Error('no shared mesh: list this file among the shared-mesh files of vitest.config.ts')
  // this file's process speaks as the operator, as the process that started the mesh does
  configureGrpcTransport(description.identities.admin!)
  const platform = createGrpcClient(PlatformServiceClient, description.operatorAddresses.platform!)
  const notOwned = (): Promise<never> => Promise.reject(new Error('the shared mesh is not restarted by a test file: start a mesh of its own'))
  const mesh: Mesh = {
    baseUrl: description.baseUrl,
    gatewayBaseUrls: description.gatewayBaseUrls,
    natsUrl: description.natsUrl,
    eventKeys: description.eventKeys,
    natsUsers: description.natsUsers,
    processes: description.processes.map(({ name, logFile }) => ({ name, output: () => readLog(logFile) })),
    createPlatform: platformCreator(platform),
    databaseUrl: (service) => description.databaseUrls[service]!,
    grpcAddress: (service) => description.grpcAddresses[service]!,
    operatorAddress: (service) => description.operatorAddresses[service]!,
    identity: (name) => description.identities[name]!,
    restart: notOwned,
    replaceReplica: notOwned,
    async stop() {
      liveMeshes.delete(mesh)
      platform.close()
    },
  }
  liveMeshes.add(mesh)
  return mesh
}
