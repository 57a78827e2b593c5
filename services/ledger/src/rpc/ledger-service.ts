import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreatePendingTransferRequest,
  CreatePendingTransferResponse,
  CreateTransferRequest,
  CreateTransferResponse,
  GetBalancesRequest,
  GetBalancesResponse,
  LedgerServiceServer,
  PostPendingTransferRequest,
  PostPendingTransferResponse,
  VoidPendingTransferRequest,
  VoidPendingTransferResponse,
} from '@pp/proto/ledger/v1/ledger'
import type { LedgerDeps } from '../domain/deps.js'
import { createTransfer } from '../domain/transfers/create-transfer.js'
import { getBalances } from '../domain/transfers/get-balances.js'
import { holdAndPost } from '../domain/transfers/hold-and-post.js'
import { resolveHold } from '../domain/transfers/resolve-hold.js'
import { accountRefOf, balanceToProto, legOf, transferCodeOf, transferToProto } from './ledger-mapping.js'

type NewTransferRequest = CreateTransferRequest | CreatePendingTransferRequest

const newTransferInput = (request: NewTransferRequest) => ({
  transferId: request.transferId,
  code: transferCodeOf(request.code),
  legs: request.legs.map(legOf),
})

/** ledger.v1.LedgerService: transfers and balances for the payments and cards services. */
export function ledgerService(deps: LedgerDeps, logger: Logger): LedgerServiceServer {
  return unaryService(logger, {
    async createTransfer(request: CreateTransferRequest, ctx): Promise<CreateTransferResponse> {
      return { transfer: transferToProto(await createTransfer(deps, callerOf(ctx), newTransferInput(request), 'DIRECT')) }
    },
    async createPendingTransfer(request: CreatePendingTransferRequest, ctx): Promise<CreatePendingTransferResponse> {
      const input = newTransferInput(request)
      const recorded =
        request.postTransferId === undefined
          ? await createTransfer(deps, callerOf(ctx), input, 'PENDING')
          : await holdAndPost(deps, callerOf(ctx), input, request.postTransferId)
      return { transfer: transferToProto(recorded) }
    },
    async postPendingTransfer(request: PostPendingTransferRequest, ctx): Promise<PostPendingTransferResponse> {
      return { transfer: transferToProto(await resolveHold(deps, callerOf(ctx), request, 'POST_PENDING')) }
    },
    async voidPendingTransfer(request: VoidPendingTransferRequest, ctx): Promise<VoidPendingTransferResponse> {
      return { transfer: transferToProto(await resolveHold(deps, callerOf(ctx), request, 'VOID_PENDING')) }
    },
    async getBalances(request: GetBalancesRequest, ctx): Promise<GetBalancesResponse> {
      const balances = await getBalances(deps, tenantFrom(ctx), request.accounts.map(accountRefOf))
      return { balances: balances.map(balanceToProto) }
    },
  })
}
