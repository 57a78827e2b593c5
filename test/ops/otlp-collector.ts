import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CollectedSpan {
  service: string
  traceId: string
  spanId: string
  parentSpanId: string | undefined
  name: string
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string }[] }[]
  }[]
}

/** An OTLP/HTTP JSON receiver of traces, as a collector would be: every span the mesh exports. */
export async function startOtlpCollector(): Promise<{ endpoint: string; spans: CollectedSpan[]; close(): Promise<void> }> {
  const spans: CollectedSpan[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += String(chunk)))
    req.on('end', () => {
      const payload = JSON.parse(body) as OtlpExport
      for (const resource of payload.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? 'unknown'
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({ service, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId || undefined, name: span.name })
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
