import { randomBytes } from 'node:crypto'
import type { Api } from './api.js'

/** A new individual customer of the bench's platform; sandbox rules approve it at creation. */
export async function createCustomer(api: Api, fullName: string): Promise<string> {
  const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
  const customer = await api('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `bench-${randomBytes(6).toString('hex')}`,
    fullName,
    agreementConsents: [
      { type: 'SERVICE_END_USER_TERMS', acceptedAt: new Date().toISOString(), ipAddress: '203.0.113.7', termsVersion, acceptanceMethod: 'CHECKBOX' },
    ],
  })
  if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`)
  return customer.body.id as string
}
