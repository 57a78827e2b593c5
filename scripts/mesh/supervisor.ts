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

  /** Stops in reverse start order: the gateway first, the services it calls after. */
  async stopAll(): Promise<void> {
    this.stopping = true
    for (const { child } of [...this.processes].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
}
