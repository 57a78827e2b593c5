import type { CardLedger } from '../deps.js'
import type { FundingSourceBinding, Origin } from '../types.js'

export interface Pull {
  accountId: string
  holdId: string
}

/** The hold a message places on its `index`-th funding source. */
export const holdIdOf = (token: string, index: number): string => `${token}:hold:${index}`

/**
 * Holds `amount` on the first funding source, in the card's priority order, that the card may
 * debit (`mayDebit`: a wallet needs its delegated key) and that covers it (and, when
 * `postTransferId` is given, posts it at once). Undefined when none does. A recovery run tries the
 * same ids again and releases any hold a crashed run left on another source.
 */
export async function pullFromSources(
  ledger: CardLedger,
  origin: Origin,
  token: string,
  sources: FundingSourceBinding[],
  amount: bigint,
  currency: string,
  options: { postTransferId?: (index: number) => string; recovering: boolean; mayDebit: (source: FundingSourceBinding) => Promise<boolean> },
): Promise<Pull | undefined> {
  for (const [index, source] of sources.entries()) {
    // the index stays the source's place in the card's order, so a recovery's ids match the first run's
    if (!(await options.mayDebit(source))) continue
    const move = { transferId: holdIdOf(token, index), from: { accountId: source.accountId }, to: 'NETWORK' as const, currency, amount }
    const result = options.postTransferId ? await ledger.holdAndPost(origin, move, options.postTransferId(index)) : await ledger.hold(origin, move)
    if (result === 'MOVED') {
      if (options.recovering) await releaseStrays(ledger, origin, token, sources.length, index)
      return { accountId: source.accountId, holdId: move.transferId }
    }
  }
  return undefined
}

async function releaseStrays(ledger: CardLedger, origin: Origin, token: string, count: number, kept: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    if (index === kept) continue
    // a hold never placed, or already released, is refused by the ledger: nothing to release
    await ledger.release(origin, `${holdIdOf(token, index)}:stray`, holdIdOf(token, index)).catch(() => undefined)
  }
}
