import { notConfigured } from '@pp/errors'
import { unaryService, type ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import {
  PaymentsOperatorServiceService,
  type BankRailItem,
  type BuildAchFileResponse,
  type BuildSepaFileResponse,
  type FetchAchInboundResponse,
  type FetchSepaInboundResponse,
  type ListBankRailItemsRequest,
  type ListBankRailItemsResponse,
  type ListExchangeRatesRequest,
  type ListExchangeRatesResponse,
  type OperatorExchangeRate,
  type PaymentsOperatorServiceServer,
  type ResolveBankRailItemRequest,
  type ResolveBankRailItemResponse,
  type SetExchangeRateRequest,
  type SetExchangeRateResponse,
} from '@pp/proto/payments/v1/operator'
import type { PaymentsDeps } from '../domain/deps.js'
import type { AchRail } from '../domain/rails/ach/ach-rail.js'
import { runAchCutoff } from '../domain/rails/ach/build-file.js'
import { fetchAchInbound } from '../domain/rails/ach/process-inbound.js'
import { listOperatorQueue, resolveOperatorQueueItem, type OperatorItem } from '../domain/rails/bank-files/operator-items.js'
import { runSepaCutoff } from '../domain/rails/sepa/build-file.js'
import { fetchSepaInbound } from '../domain/rails/sepa/process-inbound.js'
import type { SepaRail } from '../domain/rails/sepa/sepa-rail.js'
import type { OperatorRate } from '../domain/rates/operator-rates.js'
import { listOperatorRatesNow, setOperatorRate } from '../domain/rates/set-operator-rate.js'
import { applySpread } from '../domain/rates/spread.js'

const itemMessage = (item: OperatorItem): BankRailItem => ({
  id: item.id,
  rail: item.rail,
  kind: item.kind,
  transactionId: item.transactionId ?? undefined,
  code: item.code ?? undefined,
  reference: item.reference ?? undefined,
  amount: item.amount ?? undefined,
  problem: item.problem,
  records: item.records,
  status: item.status,
  resolution: item.resolution ?? undefined,
  createdAt: item.createdAt,
  resolvedAt: item.resolvedAt ?? undefined,
})

const rateMessage = (rate: OperatorRate): OperatorExchangeRate => ({
  ...rate,
  appliedRate: applySpread(rate.midRate, rate.spreadBps),
})

/**
 * payments.v1.PaymentsOperatorService: the operator's on-demand calls on the bank rails (a file
 * now, a fetch now) and their queue, and the production exchange rates operators set. Served on
 * the operator port to the admin identity alone.
 */
export function paymentsOperatorService(deps: PaymentsDeps, logger: Logger): PaymentsOperatorServiceServer {
  const ach = (): AchRail => {
    if (!deps.ach) throw notConfigured('The production ACH rail (set ACH_SFTP_HOST and the other ACH_* settings)', { setting: 'ACH_SFTP_HOST' })
    return deps.ach
  }
  const sepa = (): SepaRail => {
    if (!deps.sepa) throw notConfigured('The production SEPA rail (set SEPA_SFTP_HOST and the other SEPA_* settings)', { setting: 'SEPA_SFTP_HOST' })
    return deps.sepa
  }
  /** The queue of one rail answers as that rail's calls do; the whole queue needs a rail of either kind. */
  const queueOf = (rail: string | undefined): void => {
    if (rail === 'ACH') ach()
    else if (rail === 'SEPA') sepa()
    else if (!deps.ach && !deps.sepa) throw notConfigured('A production bank rail (set ACH_SFTP_HOST or SEPA_SFTP_HOST and the other settings of the rail)')
  }
  return unaryService(logger, {
    async buildAchFile(): Promise<BuildAchFileResponse> {
      return { files: await runAchCutoff(deps, ach(), deps.now()) }
    },
    async fetchAchInbound(): Promise<FetchAchInboundResponse> {
      return { files: await fetchAchInbound(deps, ach()) }
    },
    async buildSepaFile(): Promise<BuildSepaFileResponse> {
      return { files: await runSepaCutoff(deps, sepa(), deps.now()) }
    },
    async fetchSepaInbound(): Promise<FetchSepaInboundResponse> {
      return { files: await fetchSepaInbound(deps, sepa()) }
    },
    async listBankRailItems(request: ListBankRailItemsRequest): Promise<ListBankRailItemsResponse> {
      queueOf(request.rail)
      return { items: (await listOperatorQueue(deps, request.status || 'OPEN', request.limit || 100, request.rail)).map(itemMessage) }
    },
    async resolveBankRailItem(request: ResolveBankRailItemRequest): Promise<ResolveBankRailItemResponse> {
      queueOf(undefined)
      return { item: itemMessage(await resolveOperatorQueueItem(deps, request.id, request.resolution)) }
    },
    async setExchangeRate(request: SetExchangeRateRequest): Promise<SetExchangeRateResponse> {
      const rate = await setOperatorRate(deps, {
        sourceCurrency: request.sourceCurrency,
        destinationCurrency: request.destinationCurrency,
        midRate: request.midRate,
        spreadBps: request.spreadBps,
        validFrom: request.validFrom,
        // a missing end is refused by the use case, as an end before the start is
        validUntil: request.validUntil ?? new Date(0),
        setBy: request.setBy,
      })
      return { rate: rateMessage(rate) }
    },
    async listExchangeRates(request: ListExchangeRatesRequest): Promise<ListExchangeRatesResponse> {
      return { rates: (await listOperatorRatesNow(deps, request.includeExpired, request.limit || 100)).map(rateMessage) }
    },
  })
}

export const paymentsOperatorRegistration = (deps: PaymentsDeps, logger: Logger): ServiceRegistration => ({
  name: 'payments.v1.PaymentsOperatorService',
  definition: PaymentsOperatorServiceService,
  implementation: paymentsOperatorService(deps, logger),
})
