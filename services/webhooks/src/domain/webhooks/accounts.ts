import { passThroughFamily, type WebhookFamily } from './types.js'

/** Account events carry the account as the API shows it. */
export const accountFamilies: WebhookFamily[] = [
  passThroughFamily('internal-account-status', [
    'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED',
  ]),
  passThroughFamily('external-account-status', ['EXTERNAL_ACCOUNT.STATUS_UPDATED']),
]
