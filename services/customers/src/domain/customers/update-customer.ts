import { invalidInput } from '@pp/errors'
import { inTransaction, violatedUniqueIndex } from '@pp/db'
import { insertConsents } from '../../db/consents.db.js'
import { lockCustomer, saveCustomer } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_UPDATED } from '../../events/types.js'
import { consentsToRecord, hasConsentFields, type ConsentToRecord } from '../consents/consent-rules.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type ConsentFields, type CustomerProfile, type CustomerType, type CustomerView, type Tenant } from '../types.js'
import { contactChangeOf, type ContactChangeProof } from './contact-change.js'
import { mergeProfile } from './merge-profile.js'
import { withSealedIdentifier } from '../personal-data/sealed-identifier.js'
import { assertCustomerType, assertValidProfile } from './profile-rules.js'
import { umaAddressTaken } from './uma-address.js'
import { loadCustomerView, mustBeActive, mustExist } from './view.js'

export interface UpdateCustomerInput extends ConsentFields {
  customerId: string
  customerType: string
  profile: CustomerProfile
  /** The wallet signature of a signed contact update, for wallet-auth. */
  contactProof?: ContactChangeProof
}

/**
 * Changes the fields sent and records the acceptances sent; acceptances of other agreement types
 * stay on file untouched. This is also how consent is recorded for a customer created without it.
 * A new email or phone number is one logical operation with the embedded wallets' OTP credentials
 * signing in with it (the reference's signed contact update): wallet-auth updates them, or refuses,
 * before this transaction commits, so the customer's contact never changes without them.
 */
export async function updateCustomer(deps: CustomersDeps, caller: Caller, input: UpdateCustomerInput): Promise<CustomerView> {
  const customerType = assertCustomerType(input.customerType)
  assertValidProfile(customerType, input.profile, 'update')
  const platform = hasConsentFields(input) ? await deps.platformConfig.getConfig(caller) : undefined
  const consents = consentsToRecord(input, platform, deps.agreements)
  const tenant = tenantOf(caller)
  return updateCustomer_(deps, caller, tenant, customerType, consents, input).catch((err: unknown) => {
    throw umaAddressTaken(violatedUniqueIndex(err)) ?? err
  })
}

function updateCustomer_(
  deps: CustomersDeps,
  caller: Caller,
  tenant: Tenant,
  customerType: CustomerType,
  consents: ConsentToRecord[],
  input: UpdateCustomerInput,
): Promise<CustomerView> {
  return inTransaction(deps.db, async (tx) => {
    const current = mustBeActive(mustExist(await lockCustomer(tx, tenant, input.customerId), input.customerId))
    if (current.customerType !== customerType) {
      const mismatch = { field: 'customerType', message: `the customer is ${current.customerType}`, constraint: { enum: [current.customerType] } }
      throw invalidInput([mismatch])
    }
    const now = deps.now()
    const updated = { ...current, profile: mergeProfile(current.profile, withSealedIdentifier(deps.personalData, current.id, input.profile)), updatedAt: now }
    await saveCustomer(tx, updated)
    const contactChange = contactChangeOf(current.profile, updated.profile)
    if (contactChange) await deps.walletContacts.sync(caller, current.id, contactChange, input.contactProof)
    await insertConsents(tx, tenant, updated.id, consents, now)
    const view = await loadCustomerView(tx, updated)
    await recordEvent(tx, caller, CUSTOMER_UPDATED, view)
    return view
  })
}
