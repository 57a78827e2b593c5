import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import { ApiError, invalidInput } from '@pp/errors'
import type { GatewayEnv } from './context.js'

export interface ListenOptions {
  port: number
  hostname: string
}

/**
 * Serves the gateway over HTTP/1.1, keeping a connection usable after any answer.
 *
 * An answer given before the body was read (a 413 from its declared length, a 401) leaves the
 * body on the connection. @hono/node-server's clean-up would read it for 500 ms and then destroy
 * the socket, although the answer said `Connection: keep-alive`, so the client's next request on
 * it was reset. Node itself discards an unread body and keeps the connection; the body limit
 * answers `Connection: close` where the body will not be read whole (see body-limit.ts). So that
 * clean-up is off.
 *
 * Requests Node cannot parse (headers over its limit, a malformed request line) are answered in
 * the error contract, not with Node's bare status line.
 */
export function listenGateway(app: Hono<GatewayEnv>, options: ListenOptions, onListening?: (address: AddressInfo) => void): ServerType {
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname, autoCleanupIncoming: false }, onListening)
  server.on('clientError', answerUnparsable)
  return server
}

/**
 * How long a connection answered as unparsable still takes what the client sends (the body behind
 * bad headers) before it is closed: closing with bytes unread would reset it, and the client could
 * lose the answer.
 */
const LINGER_MS = 5_000

/** Connections answered as unparsable: every further byte fails to parse again, and is dropped. */
const answered = new WeakSet<Duplex>()

function answerUnparsable(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return
  // a connection that broke or timed out has nobody to read an answer
  if (err.code === 'ECONNRESET' || !err.code?.startsWith('HPE_') || !socket.writable) {
    socket.destroy()
    return
  }
  answered.add(socket)
  const answer = errorOf(err.code)
  const body = JSON.stringify(answer.toBody())
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.status === 413 ? 'Payload Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

function errorOf(parserCode: string): ApiError {
  switch (parserCode) {
    case 'HPE_HEADER_OVERFLOW':
      return invalidInput([{ field: 'headers', message: 'The request headers are too large' }], 'Request headers too large')
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('PAYLOAD_TOO_LARGE', 'Chunk extensions too large')
    default:
      return invalidInput([{ field: 'request', message: 'Not a well-formed HTTP/1.1 request' }], 'Malformed HTTP request')
  }
}
