import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitUntil } from './processes.js'

export interface OwnNatsServer {
  url: string
  /** Starts it (again) on the same port and store: streams and consumers survive a stop. */
  start(): Promise<void>
  /** Stops it; the test may stop and start it as often as it likes. */
  stop(): Promise<void>
  /** Stops it for good and removes its store. */
  remove(): Promise<void>
}

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

export interface OwnNatsServerOptions {
  /** A configuration file of its own (users and their permissions); port and store stay the server's own. */
  configFile?: string
}

/**
 * A nats-server with JetStream of the test's own (free port, own store), for tests that stop NATS
 * or secure it: the shared test server must keep serving everyone else. Not started until `start()`.
 */
export async function ownNatsServer(options: OwnNatsServerOptions = {}): Promise<OwnNatsServer> {
  const port = await freePort()
  const storeDir = mkdtempSync(join(tmpdir(), 'nats-own-'))
  let child: ChildProcess | undefined
  const stop = async (): Promise<void> => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve())
      running.kill('SIGTERM')
    })
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      const config = options.configFile ? ['-c', options.configFile] : []
      child = spawn('nats-server', [...config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' })
      await waitUntil(() => answers(port), `nats-server on port ${port}`, 10_000, 20)
    },
    stop,
    async remove() {
      await stop()
      rmSync(storeDir, { recursive: true, force: true })
    },
  }
}
