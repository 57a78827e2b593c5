import { notConfigured } from '@pp/errors'
import { unaryService, type ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import {
  PaymentsOperatorServiceService,
  type AchItem,
  type BuildAchFileResponse,
  type FetchAchInboundResponse,
  type ListAchItemsRequest,
  type ListAchItemsResponse,
  type PaymentsOperatorServiceServer,
  type ResolveAchItemRequest,
  type ResolveAchItemResponse,
} from '@pp/proto/payments/v1/operator'
import type { PaymentsDeps } from '../domain/deps.js'
import type { AchRail } from '../domain/rails/ach/ach-rail.js'
import { runAchCutoff } from '../domain/rails/ach/build-file.js'
import { listAchItems, resolveAchItem, type AchOperatorItem } from '../domain/rails/ach/operator-items.js'
import { fetchAchInbound } from '../domain/rails/ach/process-inbound.js'

const itemMessage = (item: AchOperatorItem): AchItem => ({
  id: item.id,
  kind: item.kind,
  transactionId: item.transactionId ?? undefined,
  code: item.code ?? undefined,
  traceNumber: item.traceNumber ?? undefined,
  amount: item.amount ?? undefined,
  problem: item.problem,
  records: item.records,
  status: item.status,
  resolution: item.resolution ?? undefined,
  createdAt: item.createdAt,
  resolvedAt: item.resolvedAt ?? undefined,
})

/**
 * payments.v1.PaymentsOperatorService: the operator's on-demand calls on the ACH rail (a file now,
 * a fetch now) and its queue. Served on the operator port to the admin identity alone.
 */
export function paymentsOperatorService(deps: PaymentsDeps, logger: Logger): PaymentsOperatorServiceServer {
  const ach = (): AchRail => {
    if (!deps.ach) throw notConfigured('The production ACH rail (set ACH_SFTP_HOST and the other ACH_* settings)', { setting: 'ACH_SFTP_HOST' })
    return deps.ach
  }
  return unaryService(logger, {
    async buildAchFile(): Promise<BuildAchFileResponse> {
      return { files: await runAchCutoff(deps, ach(), deps.now()) }
    },
    async fetchAchInbound(): Promise<FetchAchInboundResponse> {
      return { files: await fetchAchInbound(deps, ach()) }
    },
    async listAchItems(request: ListAchItemsRequest): Promise<ListAchItemsResponse> {
      ach()
      return { items: (await listAchItems(deps, request.status || 'OPEN', request.limit || 100)).map(itemMessage) }
    },
    async resolveAchItem(request: ResolveAchItemRequest): Promise<ResolveAchItemResponse> {
      ach()
      return { item: itemMessage(await resolveAchItem(deps, request.id, request.resolution)) }
    },
  })
}

export const paymentsOperatorRegistration = (deps: PaymentsDeps, logger: Logger): ServiceRegistration => ({
  name: 'payments.v1.PaymentsOperatorService',
  definition: PaymentsOperatorServiceService,
  implementation: paymentsOperatorService(deps, logger),
})
