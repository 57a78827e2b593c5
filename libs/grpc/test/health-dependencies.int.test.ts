import { pino } from 'pino'
import { expect, it } from 'vitest'
import { checkHealth, startGrpcServer, type DependencyCheck } from '../src/index.js'

const logger = pino({ level: 'silent' })

/** A dependency whose state the test sets. */
function dependency(name: string, serving: boolean): DependencyCheck & { set(serving: boolean): void } {
  const listeners: ((serving: boolean) => void)[] = []
  return {
    name,
    serving: () => serving,
    onChange: (listener) => void listeners.push(listener),
    set(value) {
      serving = value
      for (const listener of listeners) listener(value)
    },
  }
}

it('reports a dependency under its own name while the server as a whole keeps serving', async () => {
  const nats = dependency('nats', false)
  const server = await startGrpcServer('127.0.0.1:0', [], logger, { dependencies: [nats] })
  const address = `127.0.0.1:${server.port}`
  expect(await checkHealth(address)).toBe(true)
  expect(await checkHealth(address, 'nats')).toBe(false)
  nats.set(true)
  expect(await checkHealth(address, 'nats')).toBe(true)
  nats.set(false)
  expect(await checkHealth(address, 'nats')).toBe(false)
  expect(await checkHealth(address)).toBe(true)
  await server.shutdown()
})
