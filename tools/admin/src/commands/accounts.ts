import { environmentOption, parseCommandArgs, requiredString } from '../args.js'
import type { Command } from '../command.js'

/** The API's InternalAccount, as far as the answer names it. */
interface InternalAccount {
  id: string
  status: string
}

/**
 * The internal-account states no API call drives: FROZEN (the spec's freeze by the service on
 * compliance or fraud signals) and ACTIVE out of it, and CLOSED (the customer asks to close; the
 * API has no route for it). The ledger keeps the status table and refuses other moves with 409
 * INVALID_STATE_TRANSITION; a freeze takes the account's lock, so no transfer slips past it.
 */
const setStatus: Command = {
  usage: '--platform ID --environment SANDBOX|PRODUCTION <InternalAccountId> <FROZEN|ACTIVE|CLOSED>',
  summary: "freeze, unfreeze or close a platform's internal account",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { platform: { type: 'string' }, environment: { type: 'string' } }, 2)
    const tenant = { platformId: requiredString(parsed, 'platform'), environment: environmentOption(parsed.values.environment) }
    const [accountId, status] = parsed.positionals as [string, string]
    const client = services.internalAccounts()
    const { accountJson } = await services.call(client, client.updateInternalAccountStatus, { accountId, status: status.toUpperCase() }, tenant)
    const account = JSON.parse(accountJson) as InternalAccount
    return { data: account, text: `Internal account ${account.id} is now ${account.status}.` }
  },
}

export const accountCommands = { 'set-status': setStatus }
