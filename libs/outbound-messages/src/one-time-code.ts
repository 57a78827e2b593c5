import { randomInt } from 'node:crypto'

/** A fresh one-time code: six digits drawn uniformly by the system's CSPRNG, leading zeros kept. */
export const newOneTimeCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')
