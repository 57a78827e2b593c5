import { webhookKind } from '@pp/events'
import { passThroughFamily, type WebhookFamily } from './types.js'

/** Agent action events carry the agent action as the API shows it. */
export const agentFamilies: WebhookFamily[] = [passThroughFamily(webhookKind('agent-action'))]
