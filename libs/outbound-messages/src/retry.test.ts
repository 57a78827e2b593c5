import { describe, expect, it } from 'vitest'
import { withRetries } from './retry.js'
import { DeliveryFailure } from './senders.js'

describe('withRetries', () => {
  it('tries again after a retryable failure, waiting between attempts', async () => {
    let calls = 0
    const sent = await withRetries({ attempts: 3, firstDelayMs: 1, budgetMs: 5_000 }, async () => {
      calls++
      if (calls < 3) throw new DeliveryFailure('busy', true)
      return 'sent'
    })
    expect([sent, calls]).toEqual(['sent', 3])
  })

  it('stops at a refusal another attempt would meet again', async () => {
    let calls = 0
    const refused = withRetries({ attempts: 3, firstDelayMs: 1, budgetMs: 5_000 }, async () => {
      calls++
      throw new DeliveryFailure('bad login', false)
    })
    await expect(refused).rejects.toMatchObject({ retryable: false })
    expect(calls).toBe(1)
  })

  it('gives up on a provider that never answers once the budget is spent, attempts left or not', async () => {
    let calls = 0
    const hung = withRetries({ attempts: 5, firstDelayMs: 40, budgetMs: 100 }, () => {
      calls++
      return new Promise<never>(() => {})
    })
    await expect(hung).rejects.toThrow('the provider did not answer in time')
    // the first attempt spends the whole budget: no wait and no second attempt fit after it
    expect(calls).toBe(1)
  })
})
