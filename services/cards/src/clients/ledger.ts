import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { LedgerServiceClient, SystemAccountKind, TransferCode, type AccountRef, type TransferLeg } from '@pp/proto/ledger/v1/ledger'
import type { CardLedger, LedgerMove, LedgerSide, MoveResult } from '../domain/deps.js'
import { tenantOf, type Origin } from '../domain/types.js'

export interface GrpcCardLedger extends CardLedger {
  close(): void
}

/** Ledger calls that a busy ledger may take this long to answer before the call counts as failed. */
const DEADLINE_MS = 10_000

/** The card network's side is the tenant's settlement system account in the currency. */
const refOf = (side: LedgerSide, currency: string): AccountRef =>
  side === 'NETWORK' ? { system: { kind: SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT, currency } } : { accountId: side.accountId }

const legOf = (move: LedgerMove): TransferLeg => ({
  debit: refOf(move.from, move.currency),
  credit: refOf(move.to, move.currency),
  currency: move.currency,
  amount: move.amount,
})

/** The ledger refuses a debit the account cannot cover (INSUFFICIENT_FUNDS) or an account that cannot move money (CONFLICT). */
const isRefusal = (err: unknown): boolean => err instanceof ApiError && (err.code === 'INSUFFICIENT_FUNDS' || err.code === 'CONFLICT')

async function moved(call: Promise<unknown>): Promise<MoveResult> {
  try {
    await call
    return 'MOVED'
  } catch (err) {
    if (isRefusal(err)) return 'REFUSED'
    throw err
  }
}

/** Card money on the ledger, every transfer coded CARD; ids are the ledger's idempotency keys. */
export function grpcCardLedger(address: string): GrpcCardLedger {
  const client = createGrpcClient(LedgerServiceClient, address)
  const ctx = (origin: Origin) => ({ ...tenantOf(origin), requestId: origin.requestId })
  const code = TransferCode.TRANSFER_CODE_CARD
  return {
    hold: (origin, move) =>
      moved(callUnary(client, client.createPendingTransfer, { transferId: move.transferId, code, legs: [legOf(move)] }, ctx(origin), DEADLINE_MS)),
    holdAndPost: (origin, move, postTransferId) =>
      moved(callUnary(client, client.createPendingTransfer, { transferId: move.transferId, code, legs: [legOf(move)], postTransferId }, ctx(origin), DEADLINE_MS)),
    transfer: (origin, move) => moved(callUnary(client, client.createTransfer, { transferId: move.transferId, code, legs: [legOf(move)] }, ctx(origin), DEADLINE_MS)),
    async post(origin, transferId, holdId, amount) {
      await callUnary(client, client.postPendingTransfer, { transferId, pendingId: holdId, amount }, ctx(origin), DEADLINE_MS)
    },
    async release(origin, transferId, holdId) {
      await callUnary(client, client.voidPendingTransfer, { transferId, pendingId: holdId }, ctx(origin), DEADLINE_MS)
    },
    close: () => client.close(),
  }
}
