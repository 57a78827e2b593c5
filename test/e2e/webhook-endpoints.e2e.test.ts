import { it } from 'vitest'
import { sharedMesh } from './shared-mesh.js'
import { pausedEndpointChanged, pausedEndpointResumedByTestWebhook, webhooksWiredAfterTheMoneyMoved } from './webhook-endpoint-scenarios.js'

/**
 * Webhooks in the order integrators set up: an endpoint set after the money moved, one that failed
 * until paused and is then changed, or proved again by the sandbox test webhook. Each on a
 * platform of its own on the shared mesh (one webhooks process); webhook-endpoint-replicas.e2e
 * runs the last two with two.
 */
it('delivers everything done before an endpoint was set within seconds of setting it, each once, signed', () => webhooksWiredAfterTheMoneyMoved(sharedMesh()), 60_000)

it('sends the next event, and the backlog, within seconds when a paused endpoint is changed to a working one', () => pausedEndpointChanged(sharedMesh()), 60_000)

it('resumes a paused endpoint on a successful test webhook, and the backlog follows within seconds', () => pausedEndpointResumedByTestWebhook(sharedMesh()), 60_000)
