import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from '@nats-io/transport-node'
import { natsClientOptionsOf, redactedNatsUrl, type NatsClientOptions } from '@pp/events'
import { ADMIN_USER, natsUserEnv, requireTls, type NatsServerCertificate, type NatsUsers } from './nats-users.js'

export interface RunningNats {
  url: string
  /** The users of a server started here, each process connecting as its own over TLS; none for a server found running. */
  users?: NatsUsers
  stop(): Promise<void>
}

const LOCAL_URL = 'nats://127.0.0.1:4222'

const answers = (url: string, client?: NatsClientOptions): Promise<boolean> =>
  connect({ ...client, servers: url, reconnect: false, timeout: 1_000 }).then(
    (nc) => nc.close().then(() => true),
    () => false,
  )

/**
 * NATS from NATS_URL, else the local default, else a `nats-server` on PATH started with JetStream,
 * `users` (each service may publish its own subjects only) and TLS required of every client,
 * serving the certificate `serverTls` (from the mesh's CA). A server found is used as it is.
 */
export async function startNats(natsUrl: string | undefined, users: NatsUsers, serverTls: NatsServerCertificate): Promise<RunningNats> {
  if (natsUrl) {
    if (!(await answers(natsUrl))) throw new Error(`NATS_URL=${redactedNatsUrl(natsUrl)} does not answer: start that server, or unset NATS_URL to use or start a local one`)
    return { url: natsUrl, stop: async () => undefined }
  }
  if (await answers(LOCAL_URL)) return { url: LOCAL_URL, stop: async () => undefined }
  if (spawnSync('nats-server', ['--version']).status !== 0) {
    throw new Error(
      'No NATS server found. Set NATS_URL, run one on 127.0.0.1:4222 (nats-server -js), ' +
        'or install it (Debian: apt-get install nats-server) so pnpm start can launch it.',
    )
  }
  const storeDir = join(tmpdir(), 'payments-platform-nats')
  mkdirSync(storeDir, { recursive: true })
  const secured = requireTls(users, serverTls)
  const child = spawn('nats-server', ['-c', secured.configFile, '-a', '127.0.0.1', '-p', '4222', '-js', '-sd', storeDir], { stdio: 'ignore' })
  await waitForNats(child, natsClientOptionsOf({ NODE_ENV: 'development', ...natsUserEnv(secured, ADMIN_USER) }))
  return { url: LOCAL_URL, users: secured, stop: () => stopChild(child) }
}

async function waitForNats(child: ChildProcess, admin: NatsClientOptions): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (child.exitCode !== null) throw new Error('nats-server exited at start-up (is port 4222 taken?): free the port, or set NATS_URL to a NATS server of yours')
    if (await answers(LOCAL_URL, admin)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('nats-server did not answer within 5 seconds: run one yourself (nats-server -js) and set NATS_URL')
}

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
