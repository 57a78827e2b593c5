import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface Supervised {
  name: string
  child: ChildProcess
}

/**
 * Runs each mesh process as its own Node process, prefixes its log lines with its name, and
 * reports an unexpected exit so the whole mesh stops rather than limping on half-started.
 */
export class Supervisor {
  private readonly processes: Supervised[] = []
  private stopping = false

  constructor(private readonly onUnexpectedExit: (name: string, code: number | null) => void) {}

  start(name: string, entry: string, env: Record<string, string>): Supervised {
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', entry], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => console.log(`[${name}] ${line}`))
    }
    child.once('exit', (code) => {
      if (!this.stopping) this.onUnexpectedExit(name, code)
    })
    const supervised = { name, child }
    this.processes.push(supervised)
    return supervised
  }

  /** Stops the gateway first, so no request reaches a service that is going away, then the services together. */
  async stopAll(): Promise<void> {
    this.stopping = true
    await Promise.all(this.processes.filter((p) => p.name === 'gateway').map(stop))
    await Promise.all(this.processes.filter((p) => p.name !== 'gateway').map(stop))
  }
}

async function stop({ child }: Supervised): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
