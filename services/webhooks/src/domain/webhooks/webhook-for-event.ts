import type { EventEnvelope } from '@pp/events'
import { accountFamilies } from './accounts.js'
import { agentFamilies } from './agents.js'
import { cardFamilies } from './cards.js'
import { customerFamilies } from './customers.js'
import { paymentFamilies } from './payments.js'
import type { WebhookDraft } from './types.js'

const families = [...paymentFamilies, ...customerFamilies, ...accountFamilies, ...cardFamilies, ...agentFamilies]

/** The webhook an event becomes, or undefined for events no platform is told about (tokens, config, ...). */
export function webhookForEvent(event: EventEnvelope): WebhookDraft | undefined {
  for (const family of families) {
    const draft = family.draft(event)
    if (draft) return draft
  }
  return undefined
}
