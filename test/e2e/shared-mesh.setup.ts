import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ownNatsServer } from '@pp/testing'
import type { TestProject } from 'vitest/node'
import { makeMeshIdentities, natsServerCertificateOf } from '../../scripts/mesh/identities.js'
import { ensureNatsUsers, requireTls } from '../../scripts/mesh/nats-users.js'
import { meshServices } from '../../scripts/mesh/services.js'
import { describeMesh, startMesh } from './mesh.js'
import { SLOW_RETRIES_ENV } from './webhook-settings.js'

/** The settings a shared-mesh file relies on, on top of the mesh's own. */
export const SHARED_MESH_ENV = {
  // webhook-endpoints.e2e: retries minutes apart
  ...SLOW_RETRIES_ENV,
  // cards.e2e: the live-card limit is reached with a few cards, and an activation is slow enough to see INACTIVE
  CARDS_MAX_LIVE_PER_PLATFORM: '4',
  SANDBOX_CARD_ACTIVATION_DELAY_MS: '400',
}

/**
 * Starts the mesh the shared-mesh files of vitest.config.ts use (`sharedMesh()`), once per run
 * instead of once per file, and stops it when the run ends. It has a NATS server of its own: the
 * other files' meshes start and stop meanwhile on the shared test server, and their events are
 * not for this mesh's consumers. Its server has users and requires TLS, as `pnpm start`'s: each
 * process connects as its own, allowed to publish its own subjects only, and trusts the server's
 * certificate by the mesh's CA (the one of its gRPC identities).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const usersDir = mkdtempSync(join(tmpdir(), 'pp-shared-mesh-nats-users-'))
  const identityDir = mkdtempSync(join(tmpdir(), 'pp-shared-mesh-identities-'))
  const identities = await makeMeshIdentities(identityDir)
  const natsUsers = requireTls(ensureNatsUsers(usersDir, meshServices.map((s) => s.name)), natsServerCertificateOf(identities))
  const nats = await ownNatsServer({ configFile: natsUsers.configFile })
  await nats.start()
  const logDir = mkdtempSync(join(tmpdir(), 'pp-shared-mesh-'))
  const mesh = await startMesh({ natsUrl: nats.url, natsUsers, identities, logDir, env: SHARED_MESH_ENV }).catch(async (err: unknown) => {
    await nats.remove()
    throw err
  })
  project.provide('sharedMesh', describeMesh(mesh, logDir))
  return async () => {
    await mesh.stop()
    await nats.remove()
    rmSync(logDir, { recursive: true, force: true })
    rmSync(usersDir, { recursive: true, force: true })
    rmSync(identityDir, { recursive: true, force: true })
  }
}
