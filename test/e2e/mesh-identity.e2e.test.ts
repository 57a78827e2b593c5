import { randomUUID } from 'node:crypto'
import { ApiError } from '@pp/errors'
import { readSigningKey } from '@pp/events'
import { callUnary, clientCredentialsOf, createGrpcClient, signTenantToken } from '@pp/grpc'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { LedgerServiceClient, SystemAccountKind, TransferCode } from '@pp/proto/ledger/v1/ledger'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingKeyFile } from '../../scripts/mesh/event-keys.js'
import { createCustomer, startPaymentsWorld, type Customer, type PaymentsWorld } from './payments-support.js'

/**
 * Attacks from inside the network on the real mesh: a process that reaches a service's port
 * without a certificate, or with another service's valid certificate, cannot create money on the
 * ledger, mint itself API tokens or export a wallet. Nothing changes: the balances the admin
 * reads on the ledger's operator port stay where they were.
 */
type Client = Parameters<typeof callUnary>[0]

let world: PaymentsWorld
let customer: Customer
const clients: Client[] = []
const as = <C extends Client>(Ctor: new (...args: never[]) => C, address: string, identity?: string): C => {
  const client = createGrpcClient(Ctor as never, address, clientCredentialsOf(identity ? world.mesh.identity(identity) : {})) as C
  clients.push(client)
  return client
}
const refusal = async (call: Promise<unknown>): Promise<ApiError> => {
  const outcome = await call.then(() => undefined, (err: unknown) => err)
  expect(outcome, 'the call was served').toBeInstanceOf(ApiError)
  return outcome as ApiError
}
const tenant = () => ({ platformId: world.platformId, environment: 'SANDBOX' as const, requestId: `attack-${randomUUID()}` })

/** A transfer that creates money: the FUNDING system account debited, the customer's account credited. */
const moneyFromNothing = () => ({
  transferId: `Transaction:${randomUUID()}`,
  code: TransferCode.TRANSFER_CODE_FUNDING,
  legs: [{ debit: { system: { kind: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FUNDING, currency: 'USD' } }, credit: { accountId: customer.accounts.USD! }, currency: 'USD', amount: 1_000_000n }],
})

async function usdBalance(): Promise<string> {
  const ledger = as(LedgerServiceClient, world.mesh.operatorAddress('ledger'), 'admin')
  const { balances } = await callUnary(ledger, ledger.getBalances, { accounts: [{ accountId: customer.accounts.USD! }] }, tenant())
  return String(balances[0]!.available)
}

beforeAll(async () => {
  world = await startPaymentsWorld('mesh-identity')
  customer = await createCustomer(world)
}, 240_000)

afterAll(async () => {
  for (const client of clients) client.close()
  await world?.stop()
})

describe('a caller inside the network', () => {
  it('without a certificate does not get through to the ledger', async () => {
    const before = await usdBalance()
    const ledger = as(LedgerServiceClient, world.mesh.grpcAddress('ledger'))
    expect((await refusal(callUnary(ledger, ledger.createTransfer, moneyFromNothing(), tenant(), 2_000))).code).toBe('SERVICE_UNAVAILABLE')
    expect(await usdBalance()).toBe(before)
  })

  it("with the customers service's certificate cannot create a ledger transfer: FORBIDDEN, and no money appears", async () => {
    const before = await usdBalance()
    const ledger = as(LedgerServiceClient, world.mesh.grpcAddress('ledger'), 'customers')
    const err = await refusal(callUnary(ledger, ledger.createTransfer, moneyFromNothing(), tenant()))
    expect(err.toBody()).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(await usdBalance()).toBe(before)
    const ledgerLog = world.mesh.processes.find((p) => p.name === 'ledger')
    if (ledgerLog) expect(ledgerLog.output()).toMatch(/"caller":"customers".*"method":"\/ledger\.v1\.LedgerService\/CreateTransfer".*gRPC call refused/)
  })

  it("with the gateway's certificate cannot bootstrap a platform and its all-permission tokens, on either port", async () => {
    const request = { name: `attack-${randomUUID()}`, isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true }
    const publicPort = as(PlatformServiceClient, world.mesh.grpcAddress('platform'), 'gateway')
    // not served on the public port at all (gRPC UNIMPLEMENTED)
    expect((await refusal(callUnary(publicPort, publicPort.ensurePlatform, request, { requestId: 'attack' }))).code).toBe('NOT_IMPLEMENTED')
    const operatorPort = as(PlatformServiceClient, world.mesh.operatorAddress('platform'), 'gateway')
    expect((await refusal(callUnary(operatorPort, operatorPort.ensurePlatform, request, { requestId: 'attack' }))).code).toBe('FORBIDDEN')
  })

  it("with the payments service's certificate cannot export a wallet", async () => {
    const walletAuth = as(WalletAuthServiceClient, world.mesh.grpcAddress('wallet-auth'), 'payments')
    const err = await refusal(callUnary(walletAuth, walletAuth.exportWallet, { accountId: customer.accounts.USD!, clientPublicKey: '04' }, tenant()))
    expect(err.code).toBe('FORBIDDEN')
  })

  it('with the admin certificate is not served on the public port', async () => {
    const ledger = as(LedgerServiceClient, world.mesh.grpcAddress('ledger'), 'admin')
    expect((await refusal(callUnary(ledger, ledger.createTransfer, moneyFromNothing(), tenant()))).code).toBe('FORBIDDEN')
  })
})

describe("the tenant a call acts for is the one the gateway's token states", () => {
  const tokenSignedBy = (signer: string, platformId = world.platformId) =>
    signTenantToken(readSigningKey(signingKeyFile(world.mesh.eventKeys, signer)), { platformId, environment: 'SANDBOX', permissions: ['VIEW'] })
  const listAccounts = (tenantToken?: string) => {
    const accounts = as(InternalAccountsServiceClient, world.mesh.grpcAddress('ledger'), 'gateway')
    return callUnary(accounts, accounts.listCustomerInternalAccounts, { customerId: customer.id, limit: 0 }, { ...tenant(), tenantToken })
  }

  it("serves the gateway's call with its token", async () => {
    const { pageJson } = await listAccounts(tokenSignedBy('gateway'))
    expect((JSON.parse(pageJson) as { data: Array<{ id: string }> }).data.map((account) => account.id)).toContain(customer.accounts.USD)
  })

  it('refuses the gateway acting for a platform with the bare headers', async () => {
    expect((await refusal(listAccounts())).toBody()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
  })

  it("refuses a token another process's key signed", async () => {
    const err = await refusal(listAccounts(tokenSignedBy('payments')))
    expect(err.toBody()).toMatchObject({ status: 401, code: 'UNAUTHORIZED', reason: expect.stringMatching(/does not believe/) })
  })

  it("refuses the gateway's token for one platform sent with another platform's headers", async () => {
    const err = await refusal(listAccounts(tokenSignedBy('gateway', 'Platform:someone-else')))
    expect(err.toBody()).toMatchObject({ status: 401, code: 'UNAUTHORIZED', reason: expect.stringMatching(/another tenant/) })
  })
})
