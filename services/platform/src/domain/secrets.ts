import { randomBytes } from 'node:crypto'

// token secrets are kept as the shared salted scrypt hash (PHC strings), as SCA recovery codes are
export { createSecretHasher, type SecretHasher } from '@pp/secrets'

/** An opaque public identifier: the HTTP Basic username. */
export const newClientId = (): string => randomBytes(16).toString('hex')

/** 32 random bytes: the HTTP Basic password, shown once. */
export const newClientSecret = (): string => randomBytes(32).toString('hex')
