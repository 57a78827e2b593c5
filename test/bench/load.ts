import autocannon from 'autocannon'

export interface HttpLoad {
  /** Answers with a 2xx status per second. */
  perSecond: number
  p50: number
  p99: number
  /** Non-2xx answers and connection errors. */
  failed: number
}

/**
 * The load generator of the read figures: autocannon's keep-alive connections, each sending its
 * next request when the last is answered. The anchor and the gateway use this same function, so
 * the ratio between them cancels out the generator's own cost on this machine.
 */
export async function loadHttp(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<HttpLoad> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers })
  const ok = result.requests.total - result.non2xx
  return { perSecond: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors }
}
