import type { ContactChange } from '../domain/credentials/contact-change.js'
import type { Tenant } from '../domain/types.js'
import type { Db } from './client.js'

/**
 * The customer's wallets with an OTP credential signing in at an address the change replaces:
 * EMAIL_OTP for a new email, SMS_OTP for a new phone number. One indexed read of the tenant's
 * credentials of that customer.
 */
export async function findWalletsSigningInWith(db: Db, tenant: Tenant, customerId: string, change: ContactChange): Promise<string[]> {
  const replaced = [
    ...(change.email === undefined ? [] : [{ type: 'EMAIL_OTP', NOT: { email: change.email } }]),
    ...(change.phoneNumber === undefined ? [] : [{ type: 'SMS_OTP', NOT: { phoneNumber: change.phoneNumber } }]),
  ]
  if (replaced.length === 0) return []
  const rows = await db.authMethod.findMany({
    where: { ...tenant, customerId, OR: replaced },
    select: { accountId: true },
    distinct: ['accountId'],
    orderBy: { accountId: 'asc' },
  })
  return rows.map((row) => row.accountId)
}
