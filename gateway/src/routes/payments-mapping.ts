import type { z } from '@hono/zod-openapi'
import { CreateQuoteRequest, ListTransactionsRequest } from '@pp/proto/payments/v1/payments'
import type { ListTransactionsQuerySchema, QuoteRequestJson } from '@pp/contracts'

/**
 * JSON to proto for quote and transaction requests: the proto carries money as int64 and times
 * as timestamps. Quotes and transactions answer as the payments service's own JSON.
 */

export function quoteRequestToProto(body: QuoteRequestJson): CreateQuoteRequest {
  const { lockedCurrencyAmount, platformFeeOverride, ...rest } = body
  return CreateQuoteRequest.fromPartial({
    ...rest,
    lockedCurrencyAmount: BigInt(lockedCurrencyAmount),
    platformFeeOverride: platformFeeOverride && {
      platformVariableFeeBps: platformFeeOverride.platformVariableFeeBps,
      platformFixedFee: { ...platformFeeOverride.platformFixedFee, amount: BigInt(platformFeeOverride.platformFixedFee.amount) },
    },
  })
}

export function listQueryToProto(query: z.infer<typeof ListTransactionsQuerySchema>): ListTransactionsRequest {
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
  return ListTransactionsRequest.fromPartial({ ...query, startDate: date(query.startDate), endDate: date(query.endDate) })
}
