import { passThroughFamily, type WebhookFamily } from './types.js'

/** Agent action events carry the agent action as the API shows it. */
export const agentFamilies: WebhookFamily[] = [passThroughFamily('agent-action', ['AGENT_ACTION.PENDING_APPROVAL'])]
