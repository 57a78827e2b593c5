import { status as GrpcCode } from '@grpc/grpc-js'
import { counter, histogram, secondsSince } from '@pp/metrics'

const serverSeconds = histogram('grpc_server_handling_seconds', 'Time a unary call took to handle, by method', ['method'])
const serverHandled = counter('grpc_server_handled_total', 'Unary calls handled, by method and status code', ['method', 'code'])
const clientSeconds = histogram('grpc_client_handling_seconds', 'Time a unary call took from the caller\'s side, by method', ['method'])
const clientHandled = counter('grpc_client_handled_total', 'Unary calls made, by method and the status code answered', ['method', 'code'])

const codeName = (code: number): string => GrpcCode[code] ?? String(code)

/** Counts a call this process served: its method path, when it started and the code it answered. */
export function observeServedCall(method: string, startNs: bigint, code: number): void {
  serverSeconds.observe({ method }, secondsSince(startNs))
  serverHandled.inc({ method, code: codeName(code) })
}

/** Counts a call this process made. */
export function observeMadeCall(method: string, startNs: bigint, code: number): void {
  clientSeconds.observe({ method }, secondsSince(startNs))
  clientHandled.inc({ method, code: codeName(code) })
}
