import { contractBreach } from './oracle.js'
import type { FuzzRequest } from './requests.js'
import type { Outcome, Sender } from './send.js'
import { changedTables, type Snapshot, type StateProbe } from './state.js'

export interface Failure {
  request: FuzzRequest
  problem: string
}

export interface RunOptions {
  concurrency: number
  /** Requests between two state snapshots: a change is pinned to the batch, then to the request. */
  batchSize: number
  /** How long the mesh must stay still before a snapshot counts as the state after accepted requests. */
  quietMs: number
}

/** What a run found. */
export interface RunReport {
  sent: number
  serverErrors: number
  contractViolations: number
  transportErrors: number
  stateChanges: number
  /** Changes after a batch of rejected requests that none of them makes again when replayed alone. */
  unattributedChanges: string[]
  accepted: number
  statuses: Map<number, number>
  failures: Failure[]
}

const SETTLE_TIMEOUT_MS = 15_000

/** Accepted requests may change the state (a GET too: a receiver look-up is kept for the quote that names it). */
const isAccepted = (outcome: Outcome) => 'answer' in outcome && outcome.answer.status < 400

/**
 * Sends fuzz requests in batches and judges every answer and, between batches, the state. A batch
 * of rejected requests must leave it as it was. Where accepted requests changed it, the batch's
 * rejected requests go again, alone, once the mesh is still; where rejected ones did, they are
 * replayed one at a time to name the culprit.
 */
export class FuzzRun {
  readonly #report: RunReport = {
    sent: 0,
    serverErrors: 0,
    contractViolations: 0,
    transportErrors: 0,
    stateChanges: 0,
    unattributedChanges: [],
    accepted: 0,
    statuses: new Map(),
    failures: [],
  }
  /** The state the next batch is compared with; none while accepted requests may still be moving it. */
  #baseline: Snapshot | undefined

  constructor(
    private readonly sender: Sender,
    private readonly probe: StateProbe,
    private readonly options: RunOptions,
  ) {}

  async run(requests: FuzzRequest[]): Promise<RunReport> {
    for (let offset = 0; offset < requests.length; offset += this.options.batchSize) {
      const rejected = await this.#sendChecked(requests.slice(offset, offset + this.options.batchSize))
      if (rejected.length > 0) await this.#sendChecked(rejected)
    }
    return this.#report
  }

  /** Sends a batch and checks the state after it; gives back its rejected requests when accepted ones changed the state too. */
  async #sendChecked(batch: FuzzRequest[]): Promise<FuzzRequest[]> {
    const before = this.#baseline ?? (await this.probe.settled(this.options.quietMs, SETTLE_TIMEOUT_MS))
    const outcomes = await this.sender.sendAll(batch, this.options.concurrency)
    outcomes.forEach((outcome, i) => this.#judge(batch[i]!, outcome))
    const rejected = batch.filter((_, i) => !isAccepted(outcomes[i]!))
    this.#report.accepted += batch.length - rejected.length
    this.#baseline = await this.probe.snapshot()
    const changed = changedTables(before, this.#baseline)
    if (changed.length === 0) return []
    this.#baseline = undefined
    if (rejected.length < batch.length) return rejected
    const culprits = await this.#culpritsOf(batch)
    if (culprits.length === 0) this.#report.unattributedChanges.push(...changed)
    this.#report.stateChanges += culprits.length
    this.#report.failures.push(...culprits)
    return []
  }

  #judge(request: FuzzRequest, outcome: Outcome): void {
    const report = this.#report
    report.sent++
    if ('transportError' in outcome) {
      report.transportErrors++
      report.failures.push({ request, problem: `transport error: ${outcome.transportError}` })
      return
    }
    const { answer } = outcome
    report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1)
    if (answer.status >= 500) {
      report.serverErrors++
      report.failures.push({ request, problem: `${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}` })
      return
    }
    const breach = contractBreach(answer)
    if (breach !== undefined) {
      report.contractViolations++
      report.failures.push({ request, problem: `${answer.status}: ${breach}` })
    }
  }

  /** Replays a batch one request at a time, waiting for the mesh to be still after each. */
  async #culpritsOf(batch: FuzzRequest[]): Promise<Failure[]> {
    const culprits: Failure[] = []
    let before = await this.probe.settled(this.options.quietMs, SETTLE_TIMEOUT_MS)
    for (const request of batch) {
      const outcome = await this.sender.send(request)
      const after = await this.probe.settled(this.options.quietMs, SETTLE_TIMEOUT_MS)
      const changed = changedTables(before, after)
      if (!isAccepted(outcome) && changed.length > 0) culprits.push({ request, problem: `rejected, yet changed ${changed.join(', ')}` })
      before = after
    }
    this.#baseline = before
    return culprits
  }
}
