import { createHash } from 'node:crypto'

/**
 * What the gateway's signed-retry guard binds for `POST /quotes/{quoteId}/execute` (the operation
 * and the SHA-256 hex of the request body, here the empty body of a one-call execute), so that a
 * request issued with the quote is the one the execute completes.
 */
export const quoteExecuteBinding = (walletAccountId: string, quoteId: string) => ({
  accountId: walletAccountId,
  operation: `POST /quotes/${quoteId}/execute`,
  bodyDigest: createHash('sha256').update('', 'utf8').digest('hex'),
})
