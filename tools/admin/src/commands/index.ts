import type { Command } from '../command.js'
import { accountCommands } from './accounts.js'
import { auditCommands } from './audit.js'
import { achCommands, sepaCommands } from './bank-rails.js'
import { platformCommands } from './platforms.js'
import { rateCommands } from './rates.js'
import { stablecoinCommands } from './stablecoins.js'
import { tokenCommands } from './tokens.js'
import { verificationCommands } from './verifications.js'
import { webhookKeyCommands } from './webhook-keys.js'
import { webhookCommands } from './webhooks.js'

/** Every command, as `<group> <name>`. */
export const COMMANDS: Record<string, Record<string, Command>> = {
  platforms: platformCommands,
  tokens: tokenCommands,
  'webhook-keys': webhookKeyCommands,
  webhooks: webhookCommands,
  stablecoins: stablecoinCommands,
  accounts: accountCommands,
  ach: achCommands,
  sepa: sepaCommands,
  rates: rateCommands,
  verifications: verificationCommands,
  audit: auditCommands,
}
