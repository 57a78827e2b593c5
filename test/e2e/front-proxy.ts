import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FrontProxy {
  url: string
  /** Sends requests to this gateway port too (its pod became ready). */
  add(port: number): void
  /** Sends it no new request (its pod is terminating: the endpoint is removed before SIGTERM). */
  remove(port: number): void
  close(): Promise<void>
}

/**
 * What a Kubernetes Service gives several gateway replicas: each request goes to the next ready
 * endpoint. A connection per request, so a gateway that stops leaves no idle socket to reuse.
 */
export async function startFrontProxy(ports: number[]): Promise<FrontProxy> {
  const endpoints = [...ports]
  let next = 0
  const forward = (incoming: IncomingMessage, answer: ServerResponse): void => {
    const port = endpoints[next++ % endpoints.length]
    const outgoing = request({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false }, (response) => {
      answer.writeHead(response.statusCode ?? 502, response.headers)
      response.pipe(answer)
    })
    outgoing.on('error', () => answer.headersSent ? answer.destroy() : answer.writeHead(502).end())
    incoming.pipe(outgoing)
  }
  const server = createServer(forward)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add: (port) => void (endpoints.includes(port) || endpoints.push(port)),
    remove: (port) => void endpoints.splice(endpoints.indexOf(port), 1),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
