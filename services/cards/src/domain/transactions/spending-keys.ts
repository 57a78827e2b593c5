import { setFundingSourceType } from '../../db/cards.db.js'
import type { CardsDeps } from '../deps.js'
import type { FundingSourceBinding, Origin } from '../types.js'

const WALLET = 'EMBEDDED_WALLET'

export interface SpendingCheck {
  /** Whether the card may debit this funding source now. */
  mayDebit(source: FundingSourceBinding): Promise<boolean>
  /** Whether a source was passed over for want of a delegated key. */
  readonly keyless: boolean
}

/**
 * Which of a card's funding sources it may debit. An embedded wallet's outbound transfers need the
 * customer's signature; a card's are signed by the delegated key custodied for its funding
 * source, in place of a session (the reference's delegated keys). So a wallet source is debited
 * only while wallet-auth holds an ACTIVE key for the card's binding: one call, made only when the
 * authorization reaches that source. Other sources need no key and cost nothing.
 */
export function spendingCheck(deps: Pick<CardsDeps, 'sql' | 'directory' | 'delegatedKeys'>, origin: Origin, cardId: string): SpendingCheck {
  let keyless = false
  return {
    get keyless() {
      return keyless
    },
    async mayDebit(source) {
      if ((await accountTypeOf(deps, origin, source)) !== WALLET) return true
      const allowed = await deps.delegatedKeys.hasActiveKey(origin, cardId, source.id)
      if (!allowed) keyless = true
      return allowed
    },
  }
}

/** The bound account's type; for a binding made before types were kept, the ledger's, then kept. */
async function accountTypeOf(deps: Pick<CardsDeps, 'sql' | 'directory'>, origin: Origin, source: FundingSourceBinding): Promise<string | undefined> {
  if (source.accountType !== null) return source.accountType
  const account = await deps.directory.account(origin, source.accountId)
  if (account) await setFundingSourceType(deps.sql, source.id, account.type)
  return account?.type
}
