import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { findReplay, idempotentCall, inTransaction, sqlOf, storeAnswer, violatedUniqueIndex, type IdempotentCall } from '@pp/db'
import { insertConsents } from '../../db/consents.db.js'
import { insertCustomer, type CustomerRecord } from '../../db/customers.db.js'
import { ACTIVE_PLATFORM_CUSTOMER_ID_INDEX } from '../../db/unique-violation.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_CREATED, verificationEventType } from '../../events/types.js'
import { consentsToRecord, type ConsentToRecord } from '../consents/consent-rules.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type ConsentFields, type CustomerProfile, type CustomerView } from '../types.js'
import { mergeProfile } from './merge-profile.js'
import { withSealedIdentifier } from '../personal-data/sealed-identifier.js'
import { assertCustomerType, assertValidProfile } from './profile-rules.js'
import { systemPlatformCustomerId, systemUmaAddress, umaAddressTaken } from './uma-address.js'
import { loadCustomerView } from './view.js'

export interface CreateCustomerInput extends ConsentFields {
  customerType: string
  profile: CustomerProfile
}

interface NewCustomer {
  record: CustomerRecord
  consents: ConsentToRecord[]
}

/**
 * Creates a customer with its acceptances and its status at creation. With an idempotency key, a
 * retry (even one racing the first call) gets the first answer and creates nothing.
 */
export async function createCustomer(
  deps: CustomersDeps,
  caller: Caller,
  input: CreateCustomerInput,
  idempotencyKey?: string,
): Promise<CustomerView> {
  const tenant = tenantOf(caller)
  const call = idempotencyKey === undefined ? undefined : idempotentCall(idempotencyKey, 'CreateCustomer', input, deps)
  const replay = call && (await findReplay<CustomerView>(deps.sql, tenant, call))
  if (replay) return replay
  const customer = await prepareCustomer(deps, caller, input)
  try {
    return await createCustomer_(deps, caller, customer, call)
  } catch (err) {
    const index = violatedUniqueIndex(err)
    if (index === undefined) throw err
    const racedReplay = call && (await findReplay<CustomerView>(deps.sql, tenant, call))
    if (racedReplay) return racedReplay
    if (index === ACTIVE_PLATFORM_CUSTOMER_ID_INDEX) {
      throw new ApiError('CONFLICT', 'platformCustomerId is already used by an active customer', { field: 'platformCustomerId' })
    }
    throw umaAddressTaken(index) ?? err
  }
}

/** Everything decided before the transaction: checks, the platform's settings, the status at creation. */
async function prepareCustomer(deps: CustomersDeps, caller: Caller, input: CreateCustomerInput): Promise<NewCustomer> {
  const customerType = assertCustomerType(input.customerType)
  assertValidProfile(customerType, input.profile, 'create')
  const platform = await deps.platformConfig.getConfig(caller)
  const consents = consentsToRecord(input, platform, deps.agreements)
  const id = newId('Customer')
  const generated = { platformCustomerId: systemPlatformCustomerId(id), umaAddress: systemUmaAddress(id, platform.umaDomain) }
  const profile = mergeProfile(generated, withSealedIdentifier(deps.personalData, id, input.profile))
  const provider = deps.verification[caller.environment]
  const now = deps.now()
  const record: CustomerRecord = {
    id,
    ...tenantOf(caller),
    customerType,
    profile,
    verificationStatus: provider.statusAtCreation({ customerType, fullName: profile.fullName }, platform),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  }
  return { record, consents }
}

/** The customer, its acceptances, its events and the idempotency record commit together. */
function createCustomer_(deps: CustomersDeps, caller: Caller, { record, consents }: NewCustomer, call?: IdempotentCall): Promise<CustomerView> {
  const tenant = tenantOf(caller)
  return inTransaction(deps.db, async (tx) => {
    await insertCustomer(tx, record)
    await insertConsents(tx, tenant, record.id, consents, record.createdAt)
    const view = await loadCustomerView(tx, record)
    await recordEvent(tx, caller, CUSTOMER_CREATED, view)
    if (record.verificationStatus !== 'UNVERIFIED') {
      await recordEvent(tx, caller, verificationEventType(record.customerType, record.verificationStatus), view)
    }
    if (call) {
      await storeAnswer(sqlOf(tx), tenant, call, view, record.createdAt)
    }
    return view
  })
}
