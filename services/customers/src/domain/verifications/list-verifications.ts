import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { invalidInput } from '@pp/errors'
import { findVerificationPage } from '../../db/verifications.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { VERIFICATION_STATUSES, type VerificationOutcome, type VerificationView } from './types.js'
import { toVerificationView } from './view.js'

export interface ListVerificationsInput {
  customerId?: string
  verificationStatus?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

/** The tenant's verifications (of one customer, in one status, when asked), newest first, one keyset page at a time. */
export async function listVerifications(deps: CustomersDeps, caller: Caller, input: ListVerificationsInput): Promise<Page<VerificationView>> {
  const limit = pageLimit(input.limit)
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
  const filters = { customerId: input.customerId, verificationStatus: statusFilter(input.verificationStatus) }
  const { rows, totalCount } = await findVerificationPage(deps.db, tenantOf(caller), filters, after, limit + 1)
  return keysetPage(rows, limit, totalCount, toVerificationView)
}

function statusFilter(value: string | undefined): VerificationOutcome | undefined {
  if (value === undefined || (VERIFICATION_STATUSES as readonly string[]).includes(value)) return value as VerificationOutcome | undefined
  throw invalidInput([{ field: 'verificationStatus', message: 'not a verification status', constraint: { enum: [...VERIFICATION_STATUSES] } }])
}
