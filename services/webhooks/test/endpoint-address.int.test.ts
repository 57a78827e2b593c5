import { tableResolver } from '@pp/egress'
import { callUnary } from '@pp/grpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTenant } from './support/events.js'
import { callContext, failure, startHarness, type Harness } from './support/harness.js'
import { startReceiver, type Receiver } from './support/receiver.js'

let h: Harness
let hooks: Receiver
/** The receiver by a name that resolves to its loopback address, as a rebinding or internal name would. */
let byName: string

beforeAll(async () => {
  h = await startHarness('endpoint_address', {}, tableResolver({ 'hooks.rebound.example': ['127.0.0.1'], 'hooks.inside.example': ['10.0.0.7'] }))
  hooks = await startReceiver()
  byName = hooks.url.replace('127.0.0.1', 'hooks.rebound.example')
})

/** Production endpoints must be https; these are refused before any connection, so the receiver's plain http does not matter. */
const overTls = (url: string) => url.replace('http:', 'https:')

afterAll(async () => {
  await hooks.close()
  await h.stop()
})

describe('the endpoint address rule at delivery', () => {
  it('sends nothing to a production endpoint whose host resolves to loopback: each attempt fails naming the address, then it is dead', async () => {
    const tenant = newTenant('PRODUCTION')
    h.endpoints.set(tenant, overTls(byName))
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })

    const [delivery] = await h.waitForLog(tenant, 1, (d) => d.status === 'DEAD', 'the refused delivery dead-lettered')
    expect(delivery!.attempts.map((a) => [a.url, a.statusCode, a.error])).toEqual(
      Array.from({ length: 4 }, () => [overTls(byName), undefined, 'endpoint address refused: hooks.rebound.example resolves to 127.0.0.1, a loopback address']),
    )
    expect(hooks.received).toEqual([])
  })

  it('refuses a production endpoint at a private address, by name or as a literal, and sends nothing', async () => {
    const tenant = newTenant('PRODUCTION')
    h.endpoints.set(tenant, 'https://hooks.inside.example/webhooks')
    // retries slow enough for the endpoint's change to arrive between them
    const saved = h.deps.settings.retryScheduleMs
    h.deps.settings.retryScheduleMs = [300, 300, 300]
    const log = await (async () => {
      await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })
      await h.waitForLog(tenant, 1, (d) => d.attemptCount >= 1, 'the first refused attempt')
      await h.changeEndpoint(tenant, overTls(hooks.url))
      return h.waitForLog(tenant, 2, (d) => d.status === 'DEAD', 'the refused delivery and the TEST webhook dead-lettered')
    })().finally(() => (h.deps.settings.retryScheduleMs = saved))
    const errors = log.find((d) => d.webhookType === 'CUSTOMER.UPDATED')!.attempts.map((a) => a.error)
    // the private address until the change arrived (a retry may come first), the loopback one after
    const privateOnes = errors.filter((e) => e === 'endpoint address refused: hooks.inside.example resolves to 10.0.0.7, a private address')
    expect(errors).toHaveLength(4)
    expect(privateOnes.length).toBeGreaterThanOrEqual(1)
    expect(privateOnes.length).toBeLessThan(4)
    expect(errors.slice(privateOnes.length)).toEqual(Array(4 - privateOnes.length).fill('endpoint address refused: 127.0.0.1 is a loopback address'))
    expect(hooks.received).toEqual([])
  })

  it('delivers a sandbox webhook to the same loopback receiver, by name or by address', async () => {
    const tenant = newTenant()
    h.endpoints.set(tenant, byName)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })
    await h.waitForLog(tenant, 1, (d) => d.status === 'DELIVERED', 'the delivery by name')
    await h.changeEndpoint(tenant, hooks.url)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:2' })

    await h.waitForLog(tenant, 3, (d) => d.status === 'DELIVERED', 'both sandbox deliveries and the TEST webhook')
    expect(hooks.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['CUSTOMER.UPDATED', 'CUSTOMER.UPDATED', 'TEST'])
  })

  it('refuses a sandbox test webhook to a private address, recording the refusal', async () => {
    const tenant = newTenant()
    const error = await failure(callUnary(h.client, h.client.sendTestWebhook, { url: 'http://192.168.1.20/hooks' }, callContext(tenant)))
    expect(error.code).toBe('WEBHOOK_DELIVERY_ERROR')
    expect(error.details).toMatchObject({ error: 'endpoint address refused: 192.168.1.20 is a private address' })
    const { delivery } = await callUnary(h.client, h.client.getDelivery, { deliveryId: String(error.details.deliveryId) }, callContext(tenant))
    expect(delivery).toMatchObject({ status: 'DEAD', attemptCount: 1 })
  })
})
