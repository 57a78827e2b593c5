import { parseCommandArgs } from '../args.js'
import type { Command } from '../command.js'

/** The API's Stablecoin, as far as the answer names it. */
interface Stablecoin {
  id: string
  symbol?: string
  serviceOperationsStatus: string
}

/**
 * The enablement states a platform cannot request (spec: ENABLING, ENABLED and DISABLED are driven
 * by the service operator). The stablecoins service checks the status; the decision holds from
 * any state and cancels the sandbox's own pending approval steps.
 */
const setOperationsStatus: Command = {
  usage: '<stablecoinId> <ENABLING|ENABLED|DISABLED>',
  summary: "set a stablecoin's service operations status, which platforms cannot request",
  async run(args, services) {
    const [stablecoinId, status] = parseCommandArgs(args, {}, 2).positionals as [string, string]
    const client = services.stablecoinsOperator()
    const { stablecoinJson } = await services.call(client, client.setServiceOperationsStatus, { stablecoinId, status: status.toUpperCase() })
    const stablecoin = JSON.parse(stablecoinJson) as Stablecoin
    return { data: stablecoin, text: `Stablecoin ${stablecoin.id}${stablecoin.symbol ? ` (${stablecoin.symbol})` : ''} is now ${stablecoin.serviceOperationsStatus}.` }
  },
}

export const stablecoinCommands = { 'set-operations-status': setOperationsStatus }
