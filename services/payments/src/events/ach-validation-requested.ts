import { AchValidationRequested } from '@pp/proto/ledger/v1/events'
import { insertPrenoteRequest } from '../db/ach-prenotes.db.js'
import type { Fact } from './fact-consumer.js'

/** The ledger's ACH_VALIDATION_REQUESTED: a production US account awaits its prenote, queued for the next ACH file. */
export const achValidationRequested: Fact<AchValidationRequested & { requestedAt: Date }> = {
  type: 'ACH_VALIDATION_REQUESTED',
  consumer: 'ach-validation-requested',
  read(data) {
    const fact = AchValidationRequested.fromJSON(data ?? {})
    return fact.externalAccountId && fact.requestedAt ? { ...fact, requestedAt: fact.requestedAt } : undefined
  },
  act: (deps, origin, fact) => insertPrenoteRequest(deps.db, { ...origin, externalAccountId: fact.externalAccountId, requestedAt: fact.requestedAt }),
}
