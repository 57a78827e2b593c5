import { describe, expect, it } from 'vitest'
import type { CardLedger, LedgerMove } from '../deps.js'
import { pullFromSources } from './pulls.js'

const origin = { platformId: 'Platform:1', environment: 'SANDBOX' as const }
const sources = ['InternalAccount:a', 'InternalAccount:b', 'InternalAccount:c'].map((accountId, position) => ({
  id: `CardFundingSource:${position}`,
  accountId,
  accountType: 'INTERNAL_FIAT',
  position,
}))
const any = async () => true

/** A ledger whose accounts hold the given available balances, recording every call. */
function fakeLedger(available: Record<string, bigint>) {
  const calls: string[] = []
  const take = (move: LedgerMove) => {
    const from = move.from === 'NETWORK' ? undefined : move.from.accountId
    if (from && (available[from] ?? 0n) < move.amount) return 'REFUSED' as const
    if (from) available[from]! -= move.amount
    return 'MOVED' as const
  }
  const ledger: CardLedger = {
    hold: async (_, move) => (calls.push(`hold ${move.transferId}`), take(move)),
    holdAndPost: async (_, move, postId) => (calls.push(`hold+post ${move.transferId} ${postId}`), take(move)),
    transfer: async (_, move) => (calls.push(`transfer ${move.transferId}`), take(move)),
    post: async (_, id) => void calls.push(`post ${id}`),
    release: async (_, id) => void calls.push(`release ${id}`),
  }
  return { ledger, calls }
}

describe('pullFromSources', () => {
  it("holds on the first funding source that covers the amount, in the card's order", async () => {
    const { ledger, calls } = fakeLedger({ 'InternalAccount:a': 50n, 'InternalAccount:b': 500n, 'InternalAccount:c': 500n })
    const pull = await pullFromSources(ledger, origin, 'tok', sources, 100n, 'USD', { recovering: false, mayDebit: any })
    expect(pull).toEqual({ accountId: 'InternalAccount:b', holdId: 'tok:hold:1' })
    expect(calls).toEqual(['hold tok:hold:0', 'hold tok:hold:1'])
  })

  it('answers undefined when no source covers it', async () => {
    const { ledger } = fakeLedger({ 'InternalAccount:a': 1n })
    expect(await pullFromSources(ledger, origin, 'tok', sources, 100n, 'USD', { recovering: false, mayDebit: any })).toBeUndefined()
  })

  it('posts at once for a single-message authorization', async () => {
    const { ledger, calls } = fakeLedger({ 'InternalAccount:a': 500n })
    await pullFromSources(ledger, origin, 'tok', sources, 100n, 'USD', { postTransferId: (i) => `tok:post:${i}`, recovering: false, mayDebit: any })
    expect(calls).toEqual(['hold+post tok:hold:0 tok:post:0'])
  })

  it('releases, on a recovery run, what a crashed run may have held on the other sources', async () => {
    const { ledger, calls } = fakeLedger({ 'InternalAccount:a': 500n })
    await pullFromSources(ledger, origin, 'tok', sources, 100n, 'USD', { recovering: true, mayDebit: any })
    expect(calls).toEqual(['hold tok:hold:0', 'release tok:hold:1:stray', 'release tok:hold:2:stray'])
  })

  it('passes over a source the card may not debit, keeping each source\'s own hold id', async () => {
    const { ledger, calls } = fakeLedger({ 'InternalAccount:a': 500n, 'InternalAccount:b': 500n })
    const pull = await pullFromSources(ledger, origin, 'tok', sources, 100n, 'USD', { recovering: false, mayDebit: async (s) => s.accountId !== 'InternalAccount:a' })
    expect(pull).toEqual({ accountId: 'InternalAccount:b', holdId: 'tok:hold:1' })
    expect(calls).toEqual(['hold tok:hold:1'])
  })
})
