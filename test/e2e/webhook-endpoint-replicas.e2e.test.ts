import { afterAll, beforeAll, it } from 'vitest'
import { startMesh, type Mesh } from './mesh.js'
import { pausedEndpointChanged, pausedEndpointResumedByTestWebhook } from './webhook-endpoint-scenarios.js'
import { SLOW_RETRIES_ENV } from './webhook-settings.js'

/**
 * The endpoint scenarios with two webhooks replicas: the endpoint's state lives in their shared
 * database, so a change or a resumption that one replica hears of reaches the other at once.
 */
let mesh: Mesh

beforeAll(async () => {
  mesh = await startMesh({ replicasOf: { webhooks: 2 }, env: SLOW_RETRIES_ENV })
}, 120_000)

afterAll(async () => {
  await mesh?.stop()
})

it('sends the next event, and the backlog, within seconds when a paused endpoint is changed to a working one', () => pausedEndpointChanged(mesh), 60_000)

it('resumes a paused endpoint on a successful test webhook, and the backlog follows within seconds', () => pausedEndpointResumedByTestWebhook(mesh), 60_000)
