import type { OperationId, Operations } from './generated/types.js'

type Responses<Op extends OperationId> = Operations[Op]['responses']

/**
 * A successful answer of an operation: one member per 2xx status the document lists, so checking
 * `status` narrows `data` (a signed-retry operation's 202 challenge versus its 200 result).
 */
export type ApiResponse<Op extends OperationId> = {
  [S in keyof Responses<Op>]: { status: S; data: Responses<Op>[S]; headers: Headers }
}[keyof Responses<Op>]

/** What a call of the operation sends: its `path`, `query`, `headers` and `body`. */
export type ApiRequest<Op extends OperationId> = Operations[Op]['request']
