import { createHash, timingSafeEqual } from 'node:crypto'

/** The parts of a token row that say which secret it accepts. */
interface TokenSecret {
  id: string
  secretHash: string
}

/**
 * Remembers, per token, the secret most recently proven right with scrypt, as a SHA-256 digest:
 * the same secret presented again is accepted without scrypt and without spending the token's
 * verification budget, so a client guessing secrets for a token id cannot lock its owner out.
 * A fast digest is safe here because secrets are 32 random bytes, not guessable passwords; the
 * stored scrypt hash is part of the key, so a changed secret is never matched by an old digest.
 */
export class ProvenSecrets {
  readonly #maxTokens: number
  readonly #digests = new Map<string, { secretHash: string; digest: Buffer }>()

  constructor(maxTokens: number) {
    if (maxTokens < 1) throw new Error('ProvenSecrets needs room for one token')
    this.#maxTokens = maxTokens
  }

  isProven(token: TokenSecret, secret: string): boolean {
    const proven = this.#digests.get(token.id)
    if (proven === undefined || proven.secretHash !== token.secretHash) return false
    return timingSafeEqual(proven.digest, digestOf(secret))
  }

  remember(token: TokenSecret, secret: string): void {
    this.#digests.delete(token.id)
    // Map keeps insertion order, so the first key is the token proven longest ago.
    if (this.#digests.size >= this.#maxTokens) this.#digests.delete(this.#digests.keys().next().value!)
    this.#digests.set(token.id, { secretHash: token.secretHash, digest: digestOf(secret) })
  }
}

const digestOf = (secret: string): Buffer => createHash('sha256').update(secret).digest()
