import { createHash } from 'node:crypto'

/** SHA-256 (hex) of a file's content: what proves a rebuilt file is the one recorded. */
export const digestOf = (content: string): string => createHash('sha256').update(content).digest('hex')
