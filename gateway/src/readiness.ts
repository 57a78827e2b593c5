import { healthClient, READINESS, type HealthClient } from '@pp/grpc'

export interface ReadinessReport {
  ready: boolean
  /** The services with no replica ready, by their address variable's service name (`payments`). */
  unready: string[]
}

export interface GatewayReadiness {
  check(): Promise<ReadinessReport>
  /** From SIGTERM on: unready whatever the services say, so the balancer stops sending requests. */
  drain(): void
  close(): void
}

/** Probes come from every kubelet and balancer every few seconds; several at once share one answer. */
const ANSWER_REUSE_MS = 1_000

/**
 * The gateway is ready when every service it calls has a replica whose own dependencies answer
 * (each service's `readiness`), asked on a long-lived balanced health channel per service.
 * `addresses` maps a service name to its gRPC target.
 */
export function gatewayReadiness(addresses: Record<string, string>): GatewayReadiness {
  const clients: [string, HealthClient][] = Object.entries(addresses).map(([name, address]) => [name, healthClient(address)])
  let draining = false
  let last: { at: number; report: ReadinessReport } | undefined
  let inFlight: Promise<ReadinessReport> | undefined

  const ask = async (): Promise<ReadinessReport> => {
    const answers = await Promise.all(clients.map(async ([name, client]) => [name, await client.isServing(READINESS)] as const))
    const unready = answers.filter(([, serving]) => !serving).map(([name]) => name)
    const report = { ready: unready.length === 0, unready }
    last = { at: Date.now(), report }
    return report
  }

  return {
    async check() {
      if (draining) return { ready: false, unready: [] }
      if (last && Date.now() - last.at < ANSWER_REUSE_MS) return last.report
      inFlight ??= ask().finally(() => (inFlight = undefined))
      return inFlight
    },
    drain: () => void (draining = true),
    close: () => clients.forEach(([, client]) => client.close()),
  }
}

/** `PAYMENTS_GRPC_ADDRESS` → `payments`: the services a config names, by their address variables. */
export function serviceAddresses(config: Record<string, unknown>): Record<string, string> {
  const suffix = '_GRPC_ADDRESS'
  return Object.fromEntries(
    Object.entries(config)
      .filter(([key, value]) => key.endsWith(suffix) && typeof value === 'string')
      .map(([key, value]) => [key.slice(0, -suffix.length).toLowerCase().replace(/_/g, '-'), value as string]),
  )
}
