import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { nodeArgumentsFor } from './service-bundles.js'
import { repoRoot } from './paths.js'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

const PORT_TRIES_MAX = 100

/**
 * Free ports, none given twice by this source: a port freed at once may come back from the next
 * `freePort`, and a mesh whose two processes share one has a process answer for another.
 */
export function distinctPorts(): () => Promise<number> {
  const given = new Set<number>()
  return async function distinctPort() {
    for (let tries = 0; tries < PORT_TRIES_MAX; tries += 1) {
      const port = await freePort()
      if (given.has(port)) continue
      given.add(port)
      return port
    }
    throw new Error(`no free port not already given in ${PORT_TRIES_MAX} tries`)
  }
}

export interface ServiceProcess {
  name: string
  child: ChildProcess
  output(): string
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Starts a TypeScript entry point (relative to the repo root) in its own Node process, from its
 * bundle when the run made one (service-bundles.ts). With `logFile`, what it prints is also
 * appended there, for other processes to read.
 */
export function startProcess(name: string, entry: string, env: Record<string, string>, { logFile }: { logFile?: string } = {}): ServiceProcess {
  const child = spawn(process.execPath, nodeArgumentsFor(entry), {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const sink = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined
  const record = (chunk: Buffer): void => {
    log += String(chunk)
    sink?.write(chunk)
  }
  child.stdout?.on('data', record)
  child.stderr?.on('data', record)
  child.once('exit', () => sink?.end())
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    name,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

/** Polls `probe` until it answers true; fails with the process output when it never does. */
export async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs = 30_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`timed out waiting for ${what}`)
}
