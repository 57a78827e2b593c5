import { invalidInput } from '@pp/errors'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { createGatewayApp } from '../gateway-app.js'
import { createWalletSignatureGuard } from '../wallet-signature/create-guard.js'
import { customerContactSignature } from './customer-contact-signature.js'
import { registerCustomerRoutes } from './customers.js'

const customerId = 'Customer:019542f5-b3e7-7d02-8000-000000000001'
const walletId = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const at = new Date('2025-10-14T10:00:00.000Z')
const customerJson = JSON.stringify({ id: customerId, customerType: 'INDIVIDUAL', email: 'new@example.com', createdAt: at.toISOString(), updatedAt: at.toISOString() })
const challenge = { payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: at }

const calls: RecordedCall[] = []
/** The OTP credentials of the customer's one wallet: the address each signs in at. */
let credentials: Array<{ type: 'EMAIL_OTP' | 'SMS_OTP'; address: string }>

// the wallet-auth service's answer, from the credentials above
const signsInWithReplaced = ({ email, phoneNumber }: { email?: string; phoneNumber?: string }) =>
  credentials.some((c) => (c.type === 'EMAIL_OTP' ? email !== undefined && c.address !== email : phoneNumber !== undefined && c.address !== phoneNumber))

const operation = `PATCH /customers/${customerId} otp-credentials:abc`
const signerFromCredentials: FakeHandler = async (request) => (signsInWithReplaced(request as never) ? { walletAccountId: walletId, operation } : {})

const handlers: Record<string, FakeHandler> = {
  getContactChangeSigner: signerFromCredentials,
  beginSignedRequest: async () => ({ challenge }),
  completeSignedRequest: async () => ({}),
  updateCustomer: async () => ({ customerJson }),
}

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['MANAGE'] }),
  registerRoutes(api) {
    const walletAuth = fakeGrpcClient<WalletAuthServiceClient>(handlers, calls)
    const signedContactChange = customerContactSignature({ walletAuth, walletSignatures: createWalletSignatureGuard(walletAuth) })
    registerCustomerRoutes(api, fakeGrpcClient<CustomersServiceClient>(handlers, calls), signedContactChange)
  },
})

beforeEach(() => {
  calls.length = 0
  credentials = [{ type: 'EMAIL_OTP', address: 'old@example.com' }]
  handlers.getContactChangeSigner = signerFromCredentials
})

const patch = (body: object, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13/customers/${customerId}`, {
    method: 'PATCH',
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
const methods = () => calls.map((c) => c.method)

describe('PATCH /customers/{customerId} of a contact an embedded wallet signs in with', () => {
  it('is a signed operation of the wallet when the email of its EMAIL_OTP credential changes', async () => {
    const first = await patch({ customerType: 'INDIVIDUAL', email: 'new@example.com' })
    expect(first.status).toBe(202)
    // one call finds the wallets that must sign, whatever their number
    expect(methods()).toEqual(['getContactChangeSigner', 'beginSignedRequest'])
    expect(calls[0]!.request).toMatchObject({ customerId, email: 'new@example.com' })
    // the operation wallet-auth named: it binds the challenge to the credentials the change replaces
    expect(calls[1]!.request).toMatchObject({ accountId: walletId, operation })
    const retry = await patch({ customerType: 'INDIVIDUAL', email: 'new@example.com' }, { 'Service-Wallet-Signature': 'c2ln', 'Request-Id': 'Request:1' })
    expect(retry.status).toBe(200)
    // the proof travels with the update, for wallet-auth to check inside it (through the customers service)
    expect(methods().slice(2)).toEqual(['getContactChangeSigner', 'updateCustomer'])
    expect(calls[3]!.request).toMatchObject({ contactProof: { requestId: 'Request:1', walletSignature: 'c2ln' } })
  })

  it('runs at once when no credential signs in with the changed contact', async () => {
    credentials = [{ type: 'EMAIL_OTP', address: 'new@example.com' }]
    expect((await patch({ customerType: 'INDIVIDUAL', email: 'new@example.com', phoneNumber: '+14155550100' })).status).toBe(200)
    expect((await patch({ customerType: 'INDIVIDUAL', fullName: 'Ada King' })).status).toBe(200)
    expect(methods()).not.toContain('beginSignedRequest')
  })

  it("answers the wallet-auth service's refusal (both contacts of a signing wallet at once) and updates nothing", async () => {
    handlers.getContactChangeSigner = async () => {
      throw invalidInput([{ field: 'phoneNumber', message: 'send email and phoneNumber in separate updates' }])
    }
    const res = await patch({ customerType: 'INDIVIDUAL', email: 'new@example.com', phoneNumber: '+14155550100' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'phoneNumber' }] } })
    expect(methods()).not.toContain('updateCustomer')
  })
})
