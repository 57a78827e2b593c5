import { callUnary, createGrpcClient } from '@pp/grpc'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { IssuedTokensServiceClient } from '@pp/proto/ledger/v1/issued_tokens'
import { LedgerServiceClient, SystemAccountKind, TransferCode, type AccountRef as ProtoAccountRef } from '@pp/proto/ledger/v1/ledger'
import type { LedgerPort } from '../domain/deps.js'
import type { AccountRef, Leg } from '../domain/types.js'
import type { Origin } from '../domain/types.js'

/** The ledger never answering within this long is a failure of the call; the job retries. */
const DEADLINE_MS = 10_000

const SYSTEM_KINDS = { FUNDING: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FUNDING, SETTLEMENT: SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT }
const CODES = { FUNDING: TransferCode.TRANSFER_CODE_FUNDING, SETTLEMENT: TransferCode.TRANSFER_CODE_SETTLEMENT }

const refToProto = (ref: AccountRef): ProtoAccountRef =>
  'accountId' in ref ? { accountId: ref.accountId } : { system: { kind: SYSTEM_KINDS[ref.system.kind], currency: ref.system.currency } }

const legToProto = (leg: Leg) => ({ debit: refToProto(leg.debit), credit: refToProto(leg.credit), currency: leg.currency, amount: leg.amount })

/** The call's tenant and request id; never the caller's Idempotency-Key, which is this service's. */
const contextOf = ({ platformId, environment, requestId }: Origin) => ({ platformId, environment, requestId })

export function ledgerClient(address: string): LedgerPort {
  const ledger = createGrpcClient(LedgerServiceClient, address)
  const internal = createGrpcClient(InternalAccountsServiceClient, address)
  const external = createGrpcClient(ExternalAccountsServiceClient, address)
  const tokens = createGrpcClient(IssuedTokensServiceClient, address)
  return {
    async openTokenAccounts(origin, stablecoinId, symbol) {
      const request = { accountId: stablecoinId, currency: symbol }
      return callUnary(tokens, tokens.openIssuedTokenAccounts, request, contextOf(origin), DEADLINE_MS)
    },
    async internalAccount(origin, accountId) {
      const { facts } = await callUnary(internal, internal.getInternalAccountFacts, { accountId }, contextOf(origin), DEADLINE_MS)
      return facts!
    },
    async externalAccount(origin, externalAccountId) {
      const { facts } = await callUnary(external, external.checkExternalAccountUsable, { externalAccountId }, contextOf(origin), DEADLINE_MS)
      return facts!
    },
    async hold(origin, transferId, code, legs) {
      await callUnary(ledger, ledger.createPendingTransfer, { transferId, code: CODES[code], legs: legs.map(legToProto) }, contextOf(origin), DEADLINE_MS)
    },
    async post(origin, transferId, pendingId) {
      await callUnary(ledger, ledger.postPendingTransfer, { transferId, pendingId }, contextOf(origin), DEADLINE_MS)
    },
    async release(origin, transferId, pendingId) {
      await callUnary(ledger, ledger.voidPendingTransfer, { transferId, pendingId }, contextOf(origin), DEADLINE_MS)
    },
    close() {
      for (const client of [ledger, internal, external, tokens]) client.close()
    },
  }
}
