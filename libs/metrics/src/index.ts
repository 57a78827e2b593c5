import { createServer, type Server } from 'node:http'
import client from 'prom-client'

/**
 * The process's Prometheus metrics. Every library and service declares its metrics through these
 * factories, so they share one registry (one prom-client copy) and one `/metrics` answer. Counting
 * costs a map lookup per sample; nothing is computed until a scrape asks.
 */
export const registry = client.register

export const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Counter<L>({ name, help, labelNames })

export const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = [], collect?: (this: client.Gauge<L>) => void | Promise<void>) =>
  new client.Gauge<L>({ name, help, labelNames, ...(collect && { collect }) })

/** Seconds, from a millisecond up to a minute: request, call, lag and delivery times alike. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

export const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Histogram<L>({ name, help, labelNames, buckets: SECONDS_BUCKETS })

/** Seconds since `startNs` (a `process.hrtime.bigint()` reading). */
export const secondsSince = (startNs: bigint): number => Number(process.hrtime.bigint() - startNs) / 1e9

export interface MetricsServer {
  port: number
  close(): Promise<void>
}

/**
 * Serves `GET /metrics` on `address` (`host:port`, port 0 picks one), apart from the API so that
 * the figures are not public, with the process's own figures (CPU, memory, event-loop delay, GC)
 * collected from then on.
 */
export async function serveMetrics(address: string): Promise<MetricsServer> {
  client.collectDefaultMetrics()
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    )
  })
  const separator = address.lastIndexOf(':')
  const host = address.slice(0, separator)
  const port = Number(address.slice(separator + 1))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const bound = server.address()
  return {
    port: typeof bound === 'object' && bound ? bound.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
