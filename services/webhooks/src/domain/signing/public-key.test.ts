import { WebhookSigningKeySchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { generateKeyPair } from './key-pair.js'
import { signingKeyView } from './public-key.js'
import type { PreviousKey } from './signing-keys.js'

const now = new Date('2025-10-13T09:00:00Z')
const keysWith = (previous: PreviousKey[]) => ({ publicKey: () => generateKeyPair().publicKey, previousKeys: () => previous })

describe('the signing key view keeps to the WebhookSigningKey contract', () => {
  it.each<[string, PreviousKey[]]>([
    ['a key never rotated', []],
    ['a key whose rotation left one not yet retired', [{ publicKey: generateKeyPair().publicKey, retiresAt: new Date('2025-10-20T09:00:00Z') }]],
  ])('%s', (_name, previous) => {
    const json: unknown = JSON.parse(JSON.stringify(signingKeyView(keysWith(previous), 'PRODUCTION', now)))
    expect(WebhookSigningKeySchema.strict().parse(json)).toEqual(json)
  })
})
