import type { handleUnaryCall, ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js'
import { ApiError, apiErrorToGrpcStatus } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { counter } from '@pp/metrics'
import { mayCall, servesOn, type CallerTable, type ListenerKind } from './callers.js'
import { callerIdentity } from './peer.js'
import { isMutualTls } from './transport.js'

const refusedCalls = counter('grpc_server_refused_total', 'Calls refused because the caller\'s identity may not call the method, by method and caller', ['method', 'caller'])

/**
 * The implementation a listener serves: the methods it serves at all (the others answer
 * UNIMPLEMENTED, as grpc-js does for a method with no handler), each checking the caller's
 * identity against the table before the handler runs when calls arrive over mutual TLS (without
 * it, outside production, nobody can be told apart). A refusal is FORBIDDEN (gRPC
 * PERMISSION_DENIED), logged with the caller and the method, and counted.
 */
export function authorizedImplementation(
  definition: ServiceDefinition,
  implementation: UntypedServiceImplementation,
  table: CallerTable,
  listener: ListenerKind,
  logger: Logger,
): UntypedServiceImplementation {
  const served = Object.entries(definition).filter(([, method]) => servesOn(table, method.path, listener))
  return Object.fromEntries(
    served.map(([name, method]) => {
      const handler = implementation[name] as handleUnaryCall<unknown, unknown>
      if (!isMutualTls()) return [name, handler]
      const guarded: handleUnaryCall<unknown, unknown> = (call, callback) => {
        const caller = callerIdentity(call)
        if (caller !== undefined && mayCall(table, method.path, caller, listener)) return handler(call, callback)
        refusedCalls.inc({ method: method.path, caller: caller ?? 'unnamed' })
        logger.warn({ caller: caller ?? 'unnamed', method: method.path, listener }, 'gRPC call refused: the caller may not call this method')
        callback(apiErrorToGrpcStatus(new ApiError('FORBIDDEN', `${caller ?? 'This caller'} may not call ${method.path}`)))
      }
      return [name, guarded]
    }),
  )
}
