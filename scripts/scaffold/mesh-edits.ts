/**
 * What a new service changes outside its folder (README's "Adding a service", and what
 * test/deploy holds every service to): the mesh registry, the compose file and its Postgres role,
 * the Kubernetes manifest and every list of deploy/k8s (resources, image, address, disruption
 * budget, network policy, mTLS Certificate and its Secret mount, example secrets and keys), and
 * README's configuration row for <NAME>_GRPC_ADDRESS. Every edit is anchored (edit.ts), and the
 * edited YAML is parsed and checked for the new entries before anything is written.
 */
import { parse, parseAllDocuments } from 'yaml'
import { appendDocument, insertAfterLast, insertBefore, replaceOnce, ScaffoldError } from './edit.js'
import type { ServiceNames } from './names.js'

type Read = (path: string) => string

export function meshEdits(n: ServiceNames, read: Read, existing: readonly string[]): Record<string, string> {
  const files: Record<string, string> = {
    'scripts/mesh/services.ts': insertAfterLast('scripts/mesh/services.ts', read('scripts/mesh/services.ts'), /^ {2}\{ name: '[\w-]+', grpcPort: \d+/, [
      `  { name: '${n.name}', grpcPort: ${n.grpcPort} },`,
    ]),
    'docker-compose.yml': compose(n, read('docker-compose.yml')),
    'deploy/docker/postgres-roles.sql': insertAfterLast('deploy/docker/postgres-roles.sql', read('deploy/docker/postgres-roles.sql'), /^CREATE ROLE \w+ LOGIN PASSWORD '\w+';$/, [
      `CREATE ROLE ${n.snake} LOGIN PASSWORD '${n.snake}';`,
    ]),
    [`deploy/k8s/${n.name}.yaml`]: k8sManifest(n),
    'deploy/k8s/kustomization.yaml': kustomization(n, read('deploy/k8s/kustomization.yaml')),
    'deploy/k8s/disruption-budgets.yaml': appendDocument(read('deploy/k8s/disruption-budgets.yaml'), disruptionBudget(n)),
    'deploy/k8s/network-policies.yaml': appendDocument(read('deploy/k8s/network-policies.yaml'), networkPolicy(n)),
    'deploy/k8s/components/mtls/identities.yaml': appendDocument(read('deploy/k8s/components/mtls/identities.yaml'), certificate(n)),
    'deploy/k8s/components/mtls/kustomization.yaml': insertBefore('deploy/k8s/components/mtls/kustomization.yaml', read('deploy/k8s/components/mtls/kustomization.yaml'), '  - target: { kind: Deployment, name: gateway }', [
      `  - target: { kind: Deployment, name: ${n.name} }`,
      `    patch: '[{ "op": "add", "path": "/spec/template/spec/volumes/-", "value": { "name": "mesh-identity", "secret": { "secretName": "${n.name}-identity" } } }]'`,
    ]),
    'deploy/k8s/mesh-keys.example.yaml': meshKeys(n, read('deploy/k8s/mesh-keys.example.yaml')),
    'deploy/k8s/mesh-secrets.example.yaml': meshSecrets(n, read('deploy/k8s/mesh-secrets.example.yaml')),
    'README.md': readmeRow(n, read('README.md'), existing),
  }
  checkYaml(n, files)
  return files
}

function compose(n: ServiceNames, text: string): string {
  const file = 'docker-compose.yml'
  let out = insertAfterLast(file, text, /^ {2}[A-Z_]+_GRPC_ADDRESS: [\w-]+:\d+$/, [`  ${n.constant}_GRPC_ADDRESS: ${n.name}:${n.grpcPort}`])
  out = replaceOnce(file, out, ' gateway admin && chown', ` ${n.name} gateway admin && chown`)
  out = insertBefore(file, out, '  gateway:', composeService(n))
  out = insertAfterLast(file, out, /^ {6}[\w-]+: \{ condition: service_healthy \}$/, [`      ${n.name}: { condition: service_healthy }`])
  out = insertBefore(file, out, /^ {2}gateway-nats-seed: \{ file: /, [`  ${n.name}-nats-seed: { file: ./.data/mesh-keys/nats/${n.name}.nk }`])
  return insertBefore(file, out, /^ {2}gateway-event-key: \{ file: /, [`  ${n.name}-event-key: { file: ./.data/mesh-keys/events/${n.name}.pem }`])
}

const composeService = (n: ServiceNames): string[] => [
  `  ${n.name}:`,
  '    <<: *service',
  `    image: payments-platform/${n.name}:\${VERSION:-0.1.0}`,
  '    build:',
  '      context: .',
  '      dockerfile: deploy/docker/Dockerfile',
  `      args: { PACKAGE: services/${n.name} }`,
  '    environment:',
  '      <<: *grpc-addresses',
  '      # served as a role that reads and writes rows only; the migrator owns the schema',
  `      DATABASE_URL: postgresql://${n.snake}:${n.snake}@postgres:5432/${n.name}`,
  `      MIGRATION_DATABASE_URL: postgresql://migrator:migrator@postgres:5432/${n.name}`,
  `      GRPC_ADDRESS: 0.0.0.0:${n.grpcPort}`,
  '      GRPC_TLS_CA_FILE: /etc/mesh-identity/ca.pem',
  `      GRPC_TLS_CERT_FILE: /etc/mesh-identity/${n.name}.pem`,
  `      GRPC_TLS_KEY_FILE: /etc/mesh-identity/${n.name}.key`,
  '      NATS_URL: nats://nats:4222',
  `      EVENT_SIGNING_KEY_FILE: /run/secrets/${n.name}-event-key`,
  `      NATS_NKEY_SEED_FILE: /run/secrets/${n.name}-nats-seed`,
  '      NATS_TLS_CA_FILE: /run/secrets/nats-ca',
  '      EVENT_VERIFY_KEYS_FILE: /run/secrets/event-verify-keys',
  `    secrets: [${n.name}-event-key, ${n.name}-nats-seed, event-verify-keys, nats-ca]`,
  '',
]

function kustomization(n: ServiceNames, text: string): string {
  const file = 'deploy/k8s/kustomization.yaml'
  const gatewayImage = /^ {2}- \{ name: payments-platform\/gateway, newTag: "([^"]+)" \}$/
  const tag = gatewayImage.exec(text.split('\n').find((line) => gatewayImage.test(line)) ?? '')?.[1]
  if (tag === undefined) throw new ScaffoldError(`${file}: no gateway image line ${String(gatewayImage)} to take the release's tag from`)
  let out = insertBefore(file, text, '  - gateway.yaml', [`  - ${n.name}.yaml`])
  out = insertBefore(file, out, gatewayImage, [`  - { name: payments-platform/${n.name}, newTag: "${tag}" }`])
  return insertAfterLast(file, out, /^ {6}- [A-Z_]+_GRPC_ADDRESS=[\w-]+:\d+$/, [`      - ${n.constant}_GRPC_ADDRESS=${n.name}:${n.grpcPort}`])
}

function meshKeys(n: ServiceNames, text: string): string {
  const file = 'deploy/k8s/mesh-keys.example.yaml'
  const out = insertBefore(file, text, /^ {2}webhooks\.pem: /, [`  ${n.name}.pem: CHANGE-ME`])
  return insertBefore(file, out, /^ {2}webhooks\.nk: /, [`  ${n.name}.nk: CHANGE-ME`])
}

function meshSecrets(n: ServiceNames, text: string): string {
  const file = 'deploy/k8s/mesh-secrets.example.yaml'
  const url = (role: string) => `postgresql://${role}:CHANGE-ME@postgres.example.internal:5432/${n.name}`
  const out = insertAfterLast(file, text, /^ {2}[A-Z_]+_DATABASE_URL: postgresql:\/\/(?!\w+_migrator:)/, [`  ${n.constant}_DATABASE_URL: ${url(n.snake)}`])
  return insertAfterLast(file, out, /^ {2}[A-Z_]+_MIGRATION_DATABASE_URL: /, [`  ${n.constant}_MIGRATION_DATABASE_URL: ${url(`${n.snake}_migrator`)}`])
}

function readmeRow(n: ServiceNames, text: string, existing: readonly string[]): string {
  const variables = existing.map((name) => name.toUpperCase().replace(/-/g, '_')).join('|')
  return insertAfterLast('README.md', text, new RegExp(`^\\| \`(?:${variables})_GRPC_ADDRESS\` \\|`), [
    `| \`${n.constant}_GRPC_ADDRESS\` | gateway | \`127.0.0.1:${n.grpcPort}\` | Where the ${n.name} service listens |`,
  ])
}

const k8sManifest = (n: ServiceNames): string => `# The ${n.name} service. What every service's Deployment shares (rollout, drain, security, metrics)
# is patched in by kustomization.yaml.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${n.name}
  labels: { app.kubernetes.io/name: ${n.name}, app.kubernetes.io/part-of: payments-platform }
spec:
  replicas: 2
  selector:
    matchLabels: { app.kubernetes.io/name: ${n.name} }
  template:
    metadata:
      labels: { app.kubernetes.io/name: ${n.name}, app.kubernetes.io/part-of: payments-platform }
    spec:
      containers:
        - name: ${n.name}
          image: payments-platform/${n.name}
          envFrom:
            - configMapRef: { name: mesh-addresses }
          env:
            - { name: GRPC_ADDRESS, value: "0.0.0.0:${n.grpcPort}" }
            - name: NATS_URL
              valueFrom: { secretKeyRef: { name: mesh-secrets, key: NATS_URL } }
            - name: DATABASE_URL
              valueFrom: { secretKeyRef: { name: mesh-secrets, key: ${n.constant}_DATABASE_URL } }
            - name: MIGRATION_DATABASE_URL
              valueFrom: { secretKeyRef: { name: mesh-secrets, key: ${n.constant}_MIGRATION_DATABASE_URL } }
            # its own event-signing key and NATS user only (one item of each Secret): no pod speaks for another
            - { name: EVENT_SIGNING_KEY_FILE, value: /etc/identity/event-signing.pem }
            - { name: NATS_NKEY_SEED_FILE, value: /etc/identity/nats.nk }
          volumeMounts:
            - { name: identity, mountPath: /etc/identity, readOnly: true }
          ports:
            - { name: grpc, containerPort: ${n.grpcPort} }
          # the port is bound once migrations are applied: up to two minutes
          startupProbe: { grpc: { port: ${n.grpcPort} }, periodSeconds: 2, failureThreshold: 60 }
          # its own Postgres and NATS answer (the health service's \`readiness\`)
          readinessProbe: { grpc: { port: ${n.grpcPort}, service: readiness }, periodSeconds: 5, failureThreshold: 2 }
          # the process answers at all: a wedged one is restarted, an outage of Postgres is not its fault
          livenessProbe: { grpc: { port: ${n.grpcPort} }, periodSeconds: 10, failureThreshold: 3 }
          # the siblings' measured resident memory (150-210 MiB per process after start) until this one is measured
          resources:
            requests: { cpu: 100m, memory: 192Mi }
            limits: { memory: 512Mi }
      volumes:
        - name: identity
          projected:
            sources:
              - secret: { name: event-signing-keys, items: [{ key: ${n.name}.pem, path: event-signing.pem }] }
              - secret: { name: nats-nkeys, items: [{ key: ${n.name}.nk, path: nats.nk }] }
---
apiVersion: v1
kind: Service
metadata:
  name: ${n.name}
spec:
  # headless: DNS answers every ready pod's address, and the gRPC clients balance calls over them
  clusterIP: None
  selector: { app.kubernetes.io/name: ${n.name} }
  ports:
    - { name: grpc, port: ${n.grpcPort}, targetPort: grpc }
`

const disruptionBudget = (n: ServiceNames): string => `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: { name: ${n.name} }
spec: { maxUnavailable: 1, selector: { matchLabels: { app.kubernetes.io/name: ${n.name} } } }
`

// the gateway alone until the service's callers.ts names others: add each caller's pod here with it
const networkPolicy = (n: ServiceNames): string => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: ${n.name} }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/name: ${n.name} } }
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector: { matchLabels: { app.kubernetes.io/name: gateway } }
      ports: [{ port: ${n.grpcPort} }]
    - from: [{ namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: monitoring } } }]
      ports: [{ port: 9464 }]
`

const certificate = (n: ServiceNames): string => `apiVersion: cert-manager.io/v1
kind: Certificate
metadata: { name: ${n.name}-identity }
spec:
  secretName: ${n.name}-identity
  issuerRef: { name: mesh-ca, kind: Issuer }
  commonName: ${n.name}
  uris: ["spiffe://payments-platform/${n.name}"]
  dnsNames: [${n.name}, ${n.name}.payments-platform.svc, ${n.name}.payments-platform.svc.cluster.local, localhost]
  ipAddresses: ["127.0.0.1"]
  usages: [digital signature, server auth, client auth]
  privateKey: { algorithm: ECDSA, size: 256, rotationPolicy: Always }
  duration: 720h
  renewBefore: 240h
`

/** The edited YAML parses, and holds the new service where test/deploy looks for it. */
function checkYaml(n: ServiceNames, files: Record<string, string>): void {
  const documents = (path: string) => {
    const parsed = parseAllDocuments(files[path]!)
    const errors = parsed.flatMap((d) => d.errors)
    if (errors.length > 0) throw new ScaffoldError(`${path} no longer parses: ${errors[0]!.message}`)
    return parsed.map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } })
  }
  const expect = (holds: boolean, what: string) => {
    if (!holds) throw new ScaffoldError(`after the edit, ${what}`)
  }
  const composeFile = parse(files['docker-compose.yml']!, { merge: true }) as { services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown> }>; secrets: Record<string, unknown> }
  const address = `${n.name}:${n.grpcPort}`
  expect(composeFile.services[n.name]?.environment?.GRPC_ADDRESS === `0.0.0.0:${n.grpcPort}`, `docker-compose.yml has no service ${n.name} on its port`)
  expect(composeFile.services.gateway?.environment?.[`${n.constant}_GRPC_ADDRESS`] === address, `the compose gateway is not told ${n.constant}_GRPC_ADDRESS`)
  expect(composeFile.services.gateway?.depends_on?.[n.name] !== undefined, `the compose gateway does not wait for ${n.name}`)
  expect(composeFile.secrets[`${n.name}-event-key`] !== undefined && composeFile.secrets[`${n.name}-nats-seed`] !== undefined, `docker-compose.yml lacks ${n.name}'s secrets`)
  const kustomize = parse(files['deploy/k8s/kustomization.yaml']!) as { resources: string[]; configMapGenerator: { literals: string[] }[] }
  expect(kustomize.resources.includes(`${n.name}.yaml`), `kustomization.yaml does not list ${n.name}.yaml`)
  expect(kustomize.configMapGenerator.some((g) => g.literals.includes(`${n.constant}_GRPC_ADDRESS=${address}`)), `kustomization.yaml lacks ${n.constant}_GRPC_ADDRESS`)
  const named = (path: string, kind: string, name: string) => documents(path).some((d) => d.kind === kind && d.metadata?.name === name)
  expect(named('deploy/k8s/disruption-budgets.yaml', 'PodDisruptionBudget', n.name), `no PodDisruptionBudget ${n.name}`)
  expect(named('deploy/k8s/network-policies.yaml', 'NetworkPolicy', n.name), `no NetworkPolicy ${n.name}`)
  expect(named('deploy/k8s/components/mtls/identities.yaml', 'Certificate', `${n.name}-identity`), `no Certificate ${n.name}-identity`)
  expect(named(`deploy/k8s/${n.name}.yaml`, 'Deployment', n.name), `no Deployment ${n.name}`)
  documents('deploy/k8s/components/mtls/kustomization.yaml')
  documents('deploy/k8s/mesh-keys.example.yaml')
  documents('deploy/k8s/mesh-secrets.example.yaml')
}
