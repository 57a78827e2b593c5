import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api'

export { SpanKind }

/**
 * OpenTelemetry traces across the mesh: the gateway's request, every gRPC call, every event on
 * NATS and the webhook delivery it ends in, joined by W3C `traceparent` (gRPC metadata, event
 * headers, the delivery's row). Off unless an OTLP endpoint is configured, and then free: no
 * span, no context, no header.
 */
let isEnabled = false
const TRACER = 'payments-platform'

export interface Tracing {
  /** Sends the spans still buffered. */
  shutdown(): Promise<void>
}

/**
 * Exports this process's spans over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; the exporter reads those and the other standard
 * `OTEL_EXPORTER_OTLP_*` settings itself. The SDK is loaded only then: a process that does not
 * trace pays nothing for it at start.
 */
export async function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return { shutdown: async () => undefined }
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ])
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  })
  // registers the AsyncLocalStorage context manager too: a span stays active across awaits
  provider.register({ propagator: new W3CTraceContextPropagator() })
  isEnabled = true
  return { shutdown: () => provider.shutdown() }
}

export const tracingEnabled = (): boolean => isEnabled

export interface SpanOptions {
  kind: SpanKind
  /** The `traceparent` the work continues (an incoming call's, an event's); the active span's when absent. */
  parent?: string
  attributes?: Attributes
}

/**
 * Runs `work` in a span of its own, active while it runs, so the calls and events it makes carry it
 * on; a failure marks the span. `name` may be a function, for names known only after the work (a
 * route template). Without tracing it only runs `work`.
 */
export async function inSpan<T>(name: string | ((result: T | undefined) => string), options: SpanOptions, work: () => Promise<T>): Promise<T> {
  if (!isEnabled) return work()
  const parentContext = options.parent === undefined ? context.active() : propagation.extract(ROOT_CONTEXT, { traceparent: options.parent })
  const initialName = typeof name === 'string' ? name : 'pending'
  const span = trace.getTracer(TRACER).startSpan(initialName, { kind: options.kind, attributes: options.attributes }, parentContext)
  let result: T | undefined
  try {
    result = await context.with(trace.setSpan(parentContext, span), work)
    return result
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) })
    throw err
  } finally {
    if (typeof name === 'function') span.updateName(name(result))
    span.end()
  }
}

/** The active span's `traceparent`, to send with a call or an event; undefined without tracing or a span. */
export function currentTraceparent(): string | undefined {
  if (!isEnabled) return undefined
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  return carrier.traceparent
}

/** Sets an attribute on the active span (a response status known at the end). */
export function annotateSpan(attributes: Attributes): void {
  if (isEnabled) trace.getActiveSpan()?.setAttributes(attributes)
}
