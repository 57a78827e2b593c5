export interface TestConnections {
  /** A server where tests may create and drop databases. */
  databaseUrl: string
  natsUrl: string
}

const LOCAL = {
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: 'nats://127.0.0.1:4222',
}

let resolved: Promise<TestConnections> | undefined

/**
 * TEST_DATABASE_URL and NATS_URL when set. When neither is set and a Docker engine answers,
 * testcontainers starts Postgres and NATS for the run; otherwise the local servers are used.
 */
export function testConnections(): Promise<TestConnections> {
  resolved ??= resolve()
  return resolved
}

async function resolve(): Promise<TestConnections> {
  const databaseUrl = process.env.TEST_DATABASE_URL
  const natsUrl = process.env.NATS_URL
  if (databaseUrl || natsUrl) return { databaseUrl: databaseUrl ?? LOCAL.databaseUrl, natsUrl: natsUrl ?? LOCAL.natsUrl }
  return (await startContainers()) ?? LOCAL
}

async function startContainers(): Promise<TestConnections | undefined> {
  const { GenericContainer, getContainerRuntimeClient, Wait } = await import('testcontainers')
  try {
    await getContainerRuntimeClient()
  } catch {
    return undefined // no Docker engine answers
  }
  const postgres = await new GenericContainer('postgres:15')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start()
  const nats = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start()
  return {
    databaseUrl: `postgresql://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
  }
}
