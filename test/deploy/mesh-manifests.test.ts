import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { grpcAddressVariable, meshServices } from '../../scripts/mesh/services.js'

/**
 * There is no Docker engine or cluster here to run the containers, so these tests hold the
 * compose file and the Kubernetes manifests to the mesh: every service folder has an entry, and
 * every address and database points where `pnpm start` would point it.
 */
const root = join(import.meta.dirname, '../..')
const serviceFolders = readdirSync(join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

interface ComposeService {
  image?: string
  build?: { args?: Record<string, string> }
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  secrets?: string[]
  command?: string[]
  depends_on?: Record<string, { condition: string }>
}
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>
  secrets: Record<string, { file: string }>
}
const expectedAddresses = Object.fromEntries(meshServices.map((s) => [grpcAddressVariable(s), `${s.name}:${s.grpcPort}`]))

describe('the mesh registry', () => {
  it('lists every folder of services/', () => {
    expect(meshServices.map((s) => s.name).sort()).toEqual(serviceFolders.sort())
  })
})

const roles = readFileSync(join(root, 'deploy/docker/postgres-roles.sql'), 'utf8')

describe('docker-compose.yml', () => {
  it.each(meshServices)('runs $name on its own database and gRPC port', (service) => {
    const entry = compose.services[service.name]
    expect(entry, `compose has no service ${service.name}`).toBeDefined()
    expect(entry!.build?.args?.PACKAGE).toBe(`services/${service.name}`)
    expect(entry!.environment?.GRPC_ADDRESS).toBe(`0.0.0.0:${service.grpcPort}`)
    const database = new URL(entry!.environment?.DATABASE_URL ?? 'missing://')
    expect(database.hostname).toBe('postgres')
    expect(database.pathname).toBe(`/${service.name}`)
    expect(entry!.environment?.NATS_URL).toBe('nats://nats:4222')
  })

  it.each(meshServices)('serves $name as a role of its own that the migrator, which owns the schema, grants rows only', (service) => {
    const environment = compose.services[service.name]!.environment ?? {}
    const runtime = new URL(environment.DATABASE_URL ?? 'missing://')
    const migration = new URL(environment.MIGRATION_DATABASE_URL ?? 'missing://')
    expect(migration.pathname).toBe(runtime.pathname)
    expect(migration.username).toBe('migrator')
    expect(['migrator', 'postgres']).not.toContain(runtime.username)
    expect(roles).toContain(`CREATE ROLE ${runtime.username} LOGIN PASSWORD`)
  })

  it.each(meshServices)('checks that $name is ready (its own Postgres and NATS) and tags its image', (service) => {
    const entry = compose.services[service.name]!
    expect(entry.healthcheck?.test).toEqual(['CMD', 'node', 'node_modules/@pp/grpc/dist/health-probe.js', 'readiness'])
    expect(entry.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, nats: { condition: 'service_healthy' } })
    expect(entry.image).toBe(`payments-platform/${service.name}:\${VERSION:-0.1.0}`)
  })

  it.each(meshServices)('gives $name its own event-signing key and NATS user, and every producer\'s public keys', (service) => {
    const entry = compose.services[service.name]!
    expect(entry.secrets).toEqual([`${service.name}-event-key`, `${service.name}-nats-seed`, 'event-verify-keys', 'nats-ca'])
    expect(compose.secrets[`${service.name}-event-key`]).toEqual({ file: `./.data/mesh-keys/events/${service.name}.pem` })
    expect(compose.secrets[`${service.name}-nats-seed`]).toEqual({ file: `./.data/mesh-keys/nats/${service.name}.nk` })
    expect(entry.environment?.EVENT_SIGNING_KEY_FILE).toBe(`/run/secrets/${service.name}-event-key`)
    expect(entry.environment?.NATS_NKEY_SEED_FILE).toBe(`/run/secrets/${service.name}-nats-seed`)
    expect(entry.environment?.EVENT_VERIFY_KEYS_FILE).toBe('/run/secrets/event-verify-keys')
    // the gateway's key signs tenant tokens
    expect(compose.services.gateway!.secrets).toEqual(['gateway-nats-seed', 'gateway-event-key', 'event-verify-keys', 'nats-ca'])
  })

  it.each([...meshServices.map((s) => s.name), 'gateway'])('has %s speak TLS to NATS, trusting the CA of the certificate the server presents', (name) => {
    expect(compose.services[name]!.environment?.NATS_TLS_CA_FILE).toBe('/run/secrets/nats-ca')
    expect(compose.secrets['nats-ca']).toEqual({ file: './.data/mesh-keys/nats/tls/ca.pem' })
    expect(compose.services.nats!.command).toEqual(expect.arrayContaining(['--tls', '--tlscert', '/etc/nats/tls/nats-server.pem', '--tlskey', '/etc/nats/tls/nats-server.key']))
  })

  it('starts the gateway once every service is healthy, and checks its readiness', () => {
    const gateway = compose.services.gateway!
    for (const service of meshServices) expect(gateway.depends_on?.[service.name]).toEqual({ condition: 'service_healthy' })
    expect(gateway.healthcheck?.test.join(' ')).toContain('/readyz')
    for (const infrastructure of ['postgres', 'nats']) expect(compose.services[infrastructure]!.healthcheck).toBeDefined()
  })

  it.each([...meshServices.map((s) => s.name), 'gateway'])('tells %s where every service listens', (name) => {
    const environment = compose.services[name]?.environment ?? {}
    for (const [variable, address] of Object.entries(expectedAddresses)) expect(environment[variable]).toBe(address)
  })
})

describe('deploy/k8s', () => {
  const kustomization = parse(readFileSync(join(root, 'deploy/k8s/kustomization.yaml'), 'utf8')) as {
    resources: string[]
    configMapGenerator: { literals: string[] }[]
  }

  it('tells every pod where every service listens', () => {
    const literals = kustomization.configMapGenerator.flatMap((g) => g.literals)
    for (const [variable, address] of Object.entries(expectedAddresses)) expect(literals).toContain(`${variable}=${address}`)
  })

  it.each(meshServices)('deploys $name with a Deployment and a Service on its port', (service) => {
    expect(kustomization.resources).toContain(`${service.name}.yaml`)
    const documents = parseAllDocuments(readFileSync(join(root, 'deploy/k8s', `${service.name}.yaml`), 'utf8')).map((d) => d.toJS())
    const deployment = documents.find((d) => d.kind === 'Deployment')
    const container = deployment.spec.template.spec.containers[0]
    expect(container.env).toContainEqual({ name: 'GRPC_ADDRESS', value: `0.0.0.0:${service.grpcPort}` })
    const k8sService = documents.find((d) => d.kind === 'Service')
    expect(k8sService.spec.ports[0].port).toBe(service.grpcPort)
  })

  it('scales payments on its own with a HorizontalPodAutoscaler', () => {
    const documents = parseAllDocuments(readFileSync(join(root, 'deploy/k8s/payments.yaml'), 'utf8')).map((d) => d.toJS())
    const autoscaler = documents.find((d) => d.kind === 'HorizontalPodAutoscaler')
    expect(autoscaler?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'payments' })
    expect(autoscaler?.spec.maxReplicas).toBeGreaterThan(autoscaler?.spec.minReplicas)
  })
})
